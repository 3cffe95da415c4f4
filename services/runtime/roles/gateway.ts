// The gateway service of the distributed runtime (see infra/compose/compose.yaml).
import { runProcess } from '../process.ts';

await runProcess(['gateway'], 'LinkCoin gateway');
