import express, { type Request, type Router } from 'express';
import type { PortStatus } from '@linkcoin/infra/shared/port-status.ts';
import type { ProjectionProgress } from '../projection-progress.ts';
import { jsonSecurityHeaders } from './security.ts';

export type HealthSources = Readonly<{
  /** The ports this process uses, asked for their status on each request. */
  ports: readonly { status(): Promise<PortStatus> }[];
  progress?: ProjectionProgress;
  startedAt: Date;
  /**
   * Whether this caller may see each port's and projection's details (file paths, lags, errors):
   * admins, where the API runs. Anonymous callers, load balancers and orchestrators get the
   * status only.
   */
  showsDetailsTo?: (req: Request) => Promise<boolean>;
}>;

/**
 * `/healthz`: the process is alive. `/readyz`: every port answers and no projection is failing;
 * to an admin it also lists each port's status and each projection's lag.
 */
export const healthRoutes = (sources: HealthSources): Router => {
  const router = express.Router();
  router.get('/healthz', jsonSecurityHeaders, (_req, res) => {
    res.json({
      success: true,
      status: 'ok',
      uptimeSeconds: Math.round((Date.now() - sources.startedAt.getTime()) / 1000),
    });
  });
  router.get('/readyz', jsonSecurityHeaders, async (req, res) => {
    const ports = await Promise.all(
      sources.ports.map((port) =>
        port.status().catch((error: unknown): PortStatus => ({
          port: 'unknown',
          adapter: 'unknown',
          ok: false,
          detail: error instanceof Error ? error.message : String(error),
        })),
      ),
    );
    const projections = (await sources.progress?.statuses()) ?? [];
    const ready = ports.every((port) => port.ok) && projections.every((p) => p.state !== 'failing');
    const details = (await sources.showsDetailsTo?.(req).catch(() => false)) ?? false;
    res.status(ready ? 200 : 503).json({
      success: ready,
      status: ready ? 'ready' : 'not_ready',
      ...(details ? { ports, projections } : {}),
    });
  });
  return router;
};
