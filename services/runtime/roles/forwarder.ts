// The forwarder service of the distributed runtime (see infra/compose/compose.yaml).
import { runProcess } from '../process.ts';

await runProcess(['forwarder'], 'LinkCoin forwarder');
