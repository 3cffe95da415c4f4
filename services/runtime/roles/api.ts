// The api service of the distributed runtime (see infra/compose/compose.yaml): the HTTP edge
// serving every context's endpoints under /api.
import { runProcess } from '../process.ts';

await runProcess(['api'], 'LinkCoin API');
