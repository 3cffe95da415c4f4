import BlockRoundedIcon from '@mui/icons-material/BlockRounded';
import VerifiedRoundedIcon from '@mui/icons-material/VerifiedRounded';
import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import {
  DateField,
  FunctionField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useDataProvider,
  useGetOne,
  useRecordContext,
  type ShowProps,
} from 'react-admin';
import type { ConsoleDataProvider } from '../dataProvider';
import type { ConsoleUser } from '../users/types';
import { DeskAction } from './DeskAction';
import { DISPUTE_STATUS_LABELS, PLATFORM_LABELS, VIA_LABELS } from './labels';
import type { HandleClaim } from './types';
import { WideTable } from '../layout/WideTable';

function ClaimTitle() {
  const claim = useRecordContext<HandleClaim>();
  return <>{claim ? `${PLATFORM_LABELS[claim.platform]} ${claim.label}` : 'Verified account'}</>;
}

/** A creator's name, linked to their user page. */
function CreatorName({ userId }: { userId: string }) {
  return (
    <ReferenceField
      record={{ userId }}
      source="userId"
      reference="users"
      link="show"
      emptyText={userId}
    >
      <TextField source="ownerName" />
    </ReferenceField>
  );
}

const useCreatorName = (userId: string) =>
  useGetOne<ConsoleUser>('users', { id: userId }).data?.ownerName ?? 'this creator';

/** Gives the account to one creator: the verification moves to them, off everyone else. */
function GiveToButton({
  claim,
  userId,
  disputeId,
  keep,
}: {
  claim: HandleClaim;
  userId: string;
  disputeId?: string;
  /** The owner already: keeping them withdraws the verification from the others. */
  keep?: boolean;
}) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const name = useCreatorName(userId);
  return (
    <DeskAction
      label={keep ? 'Keep as verified owner' : 'Make verified owner'}
      icon={<VerifiedRoundedIcon />}
      title={`Give ${claim.label} to ${name}?`}
      content={`${name} becomes its one verified owner; every other creator's profile stops showing it verified. They all see the change at once.`}
      confirm={keep ? 'Keep' : 'Give'}
      run={() => dataProvider.assignHandle(claim.id, userId, disputeId)}
      done={`${claim.label} is verified for ${name} only`}
    />
  );
}

function DismissButton({ claim, disputeId }: { claim: HandleClaim; disputeId: string }) {
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  return (
    <DeskAction
      label="Dismiss"
      icon={<BlockRoundedIcon />}
      title="Dismiss this request?"
      content={`${claim.label} stays with its verified owner. The request is closed.`}
      confirm="Dismiss"
      run={() => dataProvider.dismissDispute(claim.id, disputeId)}
      done="Request dismissed"
    />
  );
}

/** A titled table of the desk's page; it scrolls sideways in its own region on a narrow screen. */
function DeskTable({
  id,
  title,
  headers,
  children,
}: {
  id: string;
  title: string;
  headers: readonly string[];
  children: ReactNode;
}) {
  return (
    // The table's region (WideTable) is the landmark, named like the heading above it.
    <Box>
      <Typography variant="h6" component="h2" id={id} gutterBottom>
        {title}
      </Typography>
      <WideTable label={title}>
        <Table size="small" aria-labelledby={id}>
          <TableHead>
            <TableRow>
              {headers.map((header) => (
                <TableCell key={header}>{header}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>{children}</TableBody>
        </Table>
      </WideTable>
    </Box>
  );
}

function stateOf(claim: HandleClaim, userId: string, withdrawn: boolean): string {
  if (withdrawn) return 'Withdrawn';
  return claim.ownerId === userId ? 'Verified owner' : 'Verified too (duplicate)';
}

/** Every verified claim on the account: the owner's and any duplicate the log holds. */
function Claims() {
  const claim = useRecordContext<HandleClaim>();
  if (!claim) return null;
  return (
    <DeskTable
      id="claims-heading"
      title="Verified claims"
      headers={['Creator', 'Handle on profile', 'Verified by', 'When', 'State', 'Decision']}
    >
      {claim.claims.map((line) => (
        <TableRow key={`${line.userId}-${line.verificationId}`}>
          <TableCell>
            <CreatorName userId={line.userId} />
          </TableCell>
          <TableCell>{line.profileName}</TableCell>
          <TableCell>{VIA_LABELS[line.via]}</TableCell>
          <TableCell>{new Date(line.at).toLocaleString()}</TableCell>
          <TableCell>{stateOf(claim, line.userId, line.withdrawn)}</TableCell>
          <TableCell>
            {line.withdrawn ? null : line.userId === claim.ownerId ? (
              claim.contested > 0 ? (
                <GiveToButton claim={claim} userId={line.userId} keep />
              ) : null
            ) : (
              <GiveToButton claim={claim} userId={line.userId} />
            )}
          </TableCell>
        </TableRow>
      ))}
    </DeskTable>
  );
}

/** Creators who asked the desk about the account, with what they wrote. */
function Requests() {
  const claim = useRecordContext<HandleClaim>();
  if (!claim) return null;
  if (claim.disputes.length === 0) {
    return <Typography color="text.secondary">No creator has asked the desk about it.</Typography>;
  }
  return (
    <DeskTable
      id="requests-heading"
      title="Requests to the desk"
      headers={['Creator', 'Handle on profile', 'What they wrote', 'When', 'Status', 'Decision']}
    >
      {claim.disputes.map((request) => (
        <TableRow key={request.disputeId}>
          <TableCell>
            <CreatorName userId={request.claimantId} />
          </TableCell>
          <TableCell>{request.profileName}</TableCell>
          <TableCell sx={{ overflowWrap: 'anywhere' }}>{request.message || '—'}</TableCell>
          <TableCell>{new Date(request.at).toLocaleString()}</TableCell>
          <TableCell>{DISPUTE_STATUS_LABELS[request.status]}</TableCell>
          <TableCell>
            {request.status === 'open' ? (
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <GiveToButton
                  claim={claim}
                  userId={request.claimantId}
                  disputeId={request.disputeId}
                />
                <DismissButton claim={claim} disputeId={request.disputeId} />
              </Box>
            ) : null}
          </TableCell>
        </TableRow>
      ))}
    </DeskTable>
  );
}

/**
 * One claimed account for the desk: who holds it, every verified claim (duplicates included)
 * and every request, and the decisions: give it to one creator (the verification moves by
 * events), keep its owner, or dismiss a request.
 */
export function HandleClaimShow(props: ShowProps) {
  return (
    <Show {...props} title={<ClaimTitle />}>
      <SimpleShowLayout>
        <TextField source="label" label="Account" />
        <FunctionField<HandleClaim>
          label="Platform"
          render={(claim) => PLATFORM_LABELS[claim.platform]}
        />
        <ReferenceField
          source="ownerId"
          reference="users"
          label="Verified owner"
          link="show"
          emptyText="Nobody yet"
        >
          <TextField source="ownerName" />
        </ReferenceField>
        <DateField source="updatedAt" label="Updated" showTime />
        <Claims />
        <Requests />
      </SimpleShowLayout>
    </Show>
  );
}
