/** Events as an older version stored them: the services' test helper, for the browser tests. */
export {
  appendLegacyEvents,
  storedEvents,
  type LegacyEvent,
} from '@linkcoin/services/testing/legacy-events.ts';
