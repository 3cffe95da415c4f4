import {
  AutocompleteInput,
  BooleanField,
  DataTable,
  DateField,
  FunctionField,
  List,
  NullableBooleanInput,
  ReferenceField,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  type ListProps,
} from 'react-admin';
import type { PaymentRow } from '@linkcoin/domain/audit/contracts.ts';
import { PAYMENT_STATUS_CHOICES, PAYMENT_STATUS_LABELS } from '../audit/labels';
import { WideTable } from '../layout/WideTable';

const PROVIDER_CHOICES = [
  { id: 'sandbox', name: 'Sandbox' },
  { id: 'razorpay', name: 'Razorpay' },
];

const paymentFilters = [
  <SearchInput key="q" source="q" alwaysOn placeholder="Search" />,
  <SelectInput
    key="status"
    source="status"
    label="Status"
    choices={PAYMENT_STATUS_CHOICES}
    emptyText="All"
    alwaysOn
  />,
  <SelectInput key="provider" source="provider" label="Provider" choices={PROVIDER_CHOICES} />,
  <NullableBooleanInput key="credited" source="credited" label="Credited" />,
  <ReferenceInput key="userId" source="userId" reference="users" label="Buyer">
    <AutocompleteInput
      label="Buyer"
      optionText="ownerName"
      filterToQuery={(q: string) => (q.trim() ? { q } : {})}
    />
  </ReferenceInput>,
];

const Column = DataTable.Col<PaymentRow>;
const NumberColumn = DataTable.NumberCol<PaymentRow>;

/** The buyer's coins: those paid for and the free ones. */
export const coinsOf = (payment: Pick<PaymentRow, 'coins' | 'bonusCoins'>) =>
  payment.bonusCoins > 0 ? `${payment.coins} + ${payment.bonusCoins}` : `${payment.coins}`;

/**
 * Every payment, newest first: who bought, its status, the provider's reference, the amount in
 * rupees, the coins and whether they reached the wallet. Read-only for admins and auditors.
 */
export function PaymentList(props: ListProps) {
  return (
    <List
      {...props}
      filters={paymentFilters}
      sort={{ field: 'startedAt', order: 'DESC' }}
      perPage={25}
    >
      <WideTable label="Payments">
        <DataTable rowClick="show" bulkActionButtons={false}>
          <Column source="startedAt" label="Started">
            <DateField source="startedAt" showTime />
          </Column>
          <Column source="userId" label="Buyer" disableSort>
            <ReferenceField source="userId" reference="users" link={false}>
              <TextField source="ownerName" />
            </ReferenceField>
          </Column>
          <Column
            source="status"
            label="Status"
            render={(payment) => PAYMENT_STATUS_LABELS[payment.status]}
          />
          <Column source="provider" label="Provider" disableSort />
          <Column source="providerReference" label="Provider reference" disableSort />
          <NumberColumn
            source="rupees"
            label="Amount"
            options={{ style: 'currency', currency: 'INR' }}
          />
          <Column source="coins" label="Coins" align="right">
            <FunctionField<PaymentRow> render={coinsOf} />
          </Column>
          <Column source="credited" label="Credited" disableSort>
            <BooleanField source="credited" />
          </Column>
          <Column source="settledAt" label="Settled">
            <DateField source="settledAt" showTime emptyText="" />
          </Column>
        </DataTable>
      </WideTable>
    </List>
  );
}
