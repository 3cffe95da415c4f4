import {
  BooleanField,
  DateField,
  FunctionField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  type ShowProps,
} from 'react-admin';
import type { ConnectionView } from '@linkcoin/domain/audit/contracts.ts';
import { CONNECTION_STATE_LABELS } from '../audit/labels';

/** One connection: who paid for whom, its dates, renewals, removal and refund. */
export function ConnectionShow(props: ShowProps) {
  return (
    <Show {...props} title="Connection" actions={false}>
      <SimpleShowLayout>
        <TextField source="id" label="Connection ID" />
        <ReferenceField source="payerId" reference="users" label="Payer" link="show">
          <TextField source="ownerName" />
        </ReferenceField>
        <ReferenceField source="creatorId" reference="users" label="Creator" link="show">
          <TextField source="ownerName" />
        </ReferenceField>
        <FunctionField<ConnectionView>
          label="State"
          render={(connection) => CONNECTION_STATE_LABELS[connection.state]}
        />
        <DateField source="addedAt" label="Added" showTime />
        <DateField source="expiresAt" label="Expires" showTime />
        <NumberField source="renewals" label="Renewals" />
        <NumberField source="coinsSpent" label="Coins spent" />
        <DateField source="removedAt" label="Removed" showTime emptyText="—" />
        <BooleanField source="refunded" label="Refunded" />
        <DateField source="refundedAt" label="Refunded at" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
