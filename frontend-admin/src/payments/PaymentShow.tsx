import {
  BooleanField,
  DateField,
  FunctionField,
  NumberField,
  ReferenceField,
  Show,
  SimpleShowLayout,
  TextField,
  useRecordContext,
  type ShowProps,
} from 'react-admin';
import type { PaymentRow } from '@linkcoin/domain/audit/contracts.ts';
import { PAYMENT_STATUS_LABELS } from '../audit/labels';
import { coinsOf } from './PaymentList';

function PaymentTitle() {
  const payment = useRecordContext<PaymentRow>();
  return <>{payment ? `Payment ${payment.providerReference}` : 'Payment'}</>;
}

/** One payment: who, how much, what it bought, how it settled, and whether it was credited. */
export function PaymentShow(props: ShowProps) {
  return (
    <Show {...props} title={<PaymentTitle />} actions={false}>
      <SimpleShowLayout>
        <TextField source="id" label="Payment ID" />
        <ReferenceField source="userId" reference="users" label="Buyer" link="show">
          <TextField source="ownerName" />
        </ReferenceField>
        <FunctionField<PaymentRow>
          label="Status"
          render={(payment) => PAYMENT_STATUS_LABELS[payment.status]}
        />
        <TextField source="provider" label="Provider" />
        <TextField source="providerReference" label="Provider reference" />
        <TextField source="providerPaymentId" label="Provider payment ID" emptyText="—" />
        <NumberField
          source="rupees"
          label="Amount"
          options={{ style: 'currency', currency: 'INR' }}
        />
        <TextField source="packageId" label="Package" emptyText="—" />
        <FunctionField<PaymentRow> label="Coins (+ free coins)" render={coinsOf} />
        <DateField source="startedAt" label="Started" showTime />
        <DateField source="expiresAt" label="Expires" showTime />
        <DateField source="settledAt" label="Settled" showTime emptyText="Not yet" />
        <TextField source="via" label="Outcome received by" emptyText="—" />
        <TextField source="failureCode" label="Failure" emptyText="—" />
        <BooleanField source="late" label="Approved late" />
        <BooleanField source="credited" label="Credited" />
        <DateField source="creditedAt" label="Credited at" showTime emptyText="—" />
      </SimpleShowLayout>
    </Show>
  );
}
