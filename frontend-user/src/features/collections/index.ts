export { collectionQueryOptions, entryFor } from './api/collection';
export { CollectionActions } from './components/CollectionActions';
export { chatPath } from './hooks/useCollectionActions';
export { useRemoveContact } from './hooks/useRemoveContact';
export { useRenewal } from './hooks/useRenewal';
