import { useCallback } from 'react';
import { Box, Button, Drawer, Typography } from '@mui/material';
import RefreshRoundedIcon from '@mui/icons-material/RefreshRounded';
import {
  DataTable,
  DateField,
  List,
  ListClasses,
  SelectInput,
  TextInput,
  TopToolbar,
  useMatch,
  useNavigate,
  useNotify,
  useRefresh,
  type ListProps,
} from 'react-admin';
import { CopyDmButton } from './CopyDmButton';
import { OtpStatusField, ProfileField } from './fields';
import { FETCH_FAILED, NO_RECORDS, OTP_STATUS_CHOICES } from './labels';
import { OtpRecordPanel, PANEL_WIDTH } from './OtpRecordPanel';
import { OtpSummaryTiles } from './OtpSummaryTiles';
import type { OtpRecord } from './types';
import { WideTable } from '../layout/WideTable';

const otpRecordFilters = [
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={OTP_STATUS_CHOICES}
    emptyText="All"
    alwaysOn
  />,
  <TextInput key="userId" source="userId" label="User ID" alwaysOn />,
  <TextInput key="profileName" source="profileName" label="Profile name" alwaysOn />,
];

/** The spec's Refresh, in words on a phone too (react-admin's RefreshButton is a bare icon there). */
function OtpRecordListActions() {
  const refresh = useRefresh();
  return (
    <TopToolbar>
      <Button size="small" startIcon={<RefreshRoundedIcon />} onClick={refresh}>
        Refresh
      </Button>
    </TopToolbar>
  );
}

function NoOtpRecords() {
  return (
    <Typography sx={{ p: 3, textAlign: 'center' }} color="text.secondary">
      {NO_RECORDS}
    </Typography>
  );
}

const Column = DataTable.Col<OtpRecord>;

/**
 * The Instagram OTP dashboard (docs/product-spec.md section 2): tiles, filters, the records newest first, and the
 * selected record in a side panel at /otp-records/:id, as the react-admin demo's reviews.
 */
export function OtpRecordList(props: ListProps) {
  const notify = useNotify();
  const navigate = useNavigate();
  const match = useMatch({ path: '/otp-records/:id' });
  const selectedId = match?.params.id;
  const closePanel = useCallback(() => navigate('/otp-records'), [navigate]);

  return (
    <Box sx={{ mr: selectedId ? { sm: `${PANEL_WIDTH}px` } : 0 }}>
      <OtpSummaryTiles />
      <List
        {...props}
        filters={otpRecordFilters}
        actions={<OtpRecordListActions />}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        empty={false}
        // Next to the side panel, the table scrolls in its card rather than running under it.
        sx={{
          [`& .${ListClasses.main}`]: { minWidth: 0 },
          [`& .${ListClasses.content}`]: { overflowX: 'auto' },
        }}
        queryOptions={{ onError: () => notify(FETCH_FAILED, { type: 'error' }) }}
      >
        <WideTable label="OTP records">
          <DataTable
            // /otp-records/:id: the list stays, with the record in the side panel.
            rowClick="edit"
            bulkActionButtons={false}
            empty={<NoOtpRecords />}
            rowSx={(record) =>
              record.id === selectedId ? { backgroundColor: 'action.selected' } : {}
            }
          >
            <Column source="userId" label="User ID" />
            <Column source="profileName" label="Profile">
              <ProfileField />
            </Column>
            <Column source="otp" label="OTP" disableSort />
            <Column source="status" label="Status">
              <OtpStatusField />
            </Column>
            <Column source="createdAt" label="Created">
              <DateField source="createdAt" showTime />
            </Column>
            <Column label="Actions" disableSort>
              <CopyDmButton label="Copy" />
            </Column>
          </DataTable>
        </WideTable>
      </List>
      <Drawer
        variant="persistent"
        anchor="right"
        open={selectedId !== undefined}
        onClose={closePanel}
        slotProps={{
          paper: { component: 'aside', 'aria-label': 'OTP record', sx: { zIndex: 100 } },
        }}
      >
        {selectedId !== undefined ? <OtpRecordPanel id={selectedId} onClose={closePanel} /> : null}
      </Drawer>
    </Box>
  );
}
