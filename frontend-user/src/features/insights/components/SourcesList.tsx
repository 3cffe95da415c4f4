import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { InsightsSource } from '@linkcoin/domain/insights/contracts.ts';
import { MIN_SEARCHERS } from '@linkcoin/domain/insights/recording.ts';
import { countText, timesText } from '../utils/format';

const KIND: Record<InsightsSource['kind'], string> = {
  search: 'Search',
  category: 'Ad category',
  topic: 'Content topic',
};

/** Why some searches are not named: typed words show once enough people searched them. */
const WORDS_NOTE = `Words people typed show once at least ${MIN_SEARCHERS} different people searched them, so no search points at one brand.`;

/**
 * The searches and categories that surfaced the profile (top 10): counts, never who. With none
 * to name, one message: the profile was not shown yet, or it was (`impressions`, the period's
 * search impressions) in listings without a category or topic filter, or for words too few
 * people have searched yet.
 */
export function SourcesList({
  sources,
  impressions,
}: {
  sources: readonly InsightsSource[];
  impressions: number;
}) {
  if (sources.length === 0) {
    return (
      <Typography color="text.secondary">
        {impressions > 0
          ? `Your profile appeared ${timesText(impressions)} in directory listings in this period. Words people typed to find you show here when at least ${MIN_SEARCHERS} different people have searched them, so no search points at one brand.`
          : 'No searches have shown your profile in this period yet. Categories and topics in your profile help brands find you.'}
      </Typography>
    );
  }
  return (
    <>
      <List dense disablePadding>
        {sources.map((source) => (
          <ListItem key={source.key} disableGutters divider>
            <ListItemText
              primary={source.kind === 'search' ? `“${source.label}”` : source.label}
              secondary={`${KIND[source.kind]} · ${countText(source.impressions)} impressions · ${countText(source.views)} viewers`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {WORDS_NOTE}
      </Typography>
    </>
  );
}
