import type { Router } from 'express';
import type { DependencyContainer } from 'tsyringe';
import { resolve, TOKENS } from '../runtime/tokens.ts';
import { accountEndpoints } from './accounts/routes.ts';
import { adminUserEndpoints } from './admin/users.ts';
import { endpointRouter, type Endpoint } from './http/endpoint.ts';

/**
 * Every endpoint of the JSON API under /api, each with who may call it. Paths and payloads
 * follow spec section 7 so the existing mobile app can use this backend. The authorisation
 * matrix test walks this list, so a new endpoint is covered the day it is added.
 */
export const apiEndpoints = (container: DependencyContainer): Endpoint[] => {
  const clock = resolve(container, TOKENS.Clock);
  const accounts = resolve(container, TOKENS.AccountsService);
  return [
    ...accountEndpoints({
      accounts,
      clock,
      limits: resolve(container, TOKENS.AuthRateLimits),
      googleClientId: resolve(container, TOKENS.GoogleVerifier)?.clientId ?? null,
    }),
    ...adminUserEndpoints({
      readStore: resolve(container, TOKENS.ReadStore),
      accounts,
      progress: resolve(container, TOKENS.ProjectionProgress),
      clock,
    }),
  ];
};

export const apiRouter = (container: DependencyContainer): Router =>
  endpointRouter(apiEndpoints(container), resolve(container, TOKENS.Authenticator));
