import {
  FIGURES_COLUMNS,
  figuresCsvName,
  figuresCsvRows,
  figuresQuery,
} from '@linkcoin/domain/audit/figures.ts';
import { signedIn, type Endpoint } from '../platform/http/endpoint.ts';
import { parseQuery } from '../platform/http/validate.ts';
import type { Clock } from '../platform/clock.ts';
import { sendCsv } from './csv.ts';
import type { FiguresReader } from './figures.ts';

/**
 * The marketplace's figures, day by day over 7, 30, 90 or 365 days (India's days), for admins
 * and auditors: as JSON for the console's page, or `format=csv` for the daily rows as a file.
 */
export const figuresEndpoints = ({
  figures,
  clock,
}: {
  figures: FiguresReader;
  clock: Clock;
}): Endpoint[] => [
  {
    method: 'get',
    path: '/admin/figures',
    summary:
      'Sign-ups, verified creators, coins bought, granted, spent and refunded, conversations and reply rate per day (JSON, or CSV with format=csv)',
    access: signedIn('admin', 'auditor'),
    input: { query: figuresQuery },
    handler: async (req, res) => {
      const { days, format } = parseQuery(figuresQuery, req);
      const answer = await figures.figuresOf(days, clock.now());
      if (format === 'csv') {
        await sendCsv(res, figuresCsvName(answer), FIGURES_COLUMNS, figuresCsvRows(answer));
        return;
      }
      res.setHeader('Cache-Control', 'no-store');
      res.json(answer);
    },
  },
];
