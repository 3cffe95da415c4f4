import { List, ListItem, ListItemText, Typography } from '@mui/material';
import type { InsightsSource } from '@linkcoin/domain/insights/contracts.ts';
import { countText } from '../utils/format';

const KIND: Record<InsightsSource['kind'], string> = {
  search: 'Search',
  category: 'Ad category',
  topic: 'Content topic',
};

/** The searches and categories that surfaced the profile (top 10): counts, never who. */
export function SourcesList({ sources }: { sources: readonly InsightsSource[] }) {
  if (sources.length === 0) {
    return (
      <Typography color="text.secondary">
        No searches have shown your profile in this period yet. Categories and topics in your
        profile help brands find you.
      </Typography>
    );
  }
  return (
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
  );
}
