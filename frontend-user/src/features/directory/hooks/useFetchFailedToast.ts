import { DIRECTORY_MESSAGES } from '@linkcoin/domain/directory/messages.ts';
import { useEffect } from 'react';
import { useToast } from '../../../components/toast/useToast';

/** docs/product-spec.md section 8: the directory's error toast. */
export const FETCH_FAILED = DIRECTORY_MESSAGES.fetchFailed;

/** Shows `Failed to fetch users` once for each failed load (not again on every render). */
export function useFetchFailedToast(failedAt: number, isError: boolean): void {
  const toast = useToast();
  useEffect(() => {
    if (isError && failedAt > 0) toast.error(FETCH_FAILED);
  }, [failedAt, isError, toast]);
}
