export { collectionQueryOptions, entryFor } from './api/collection';
export { CollectionActions } from './components/CollectionActions';
export { chatPath } from './hooks/useCollectionActions';
export { useRemoveConnection } from './hooks/useRemoveConnection';
export { useRenewal } from './hooks/useRenewal';
