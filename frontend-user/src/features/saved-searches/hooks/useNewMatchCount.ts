import { useQuery } from '@tanstack/react-query';
import { useAuth } from '../../../lib/auth/auth-context';
import { savedSearchesQueryOptions } from '../api/saved-searches';

/** How many new matches the signed-in brand has not seen (0 for everyone else). */
export function useNewMatchCount(): number {
  const { user, isAuthenticated } = useAuth();
  const isBrand = isAuthenticated && user?.role === 'user';
  const { data } = useQuery({ ...savedSearchesQueryOptions(), enabled: isBrand });
  return isBrand ? (data?.newMatchCount ?? 0) : 0;
}
