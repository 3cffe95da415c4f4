// The projector service of the distributed runtime (see infra/compose/compose.yaml).
import { runProcess } from '../process.ts';

await runProcess(['projector'], 'LinkCoin projector');
