import { AutocompleteInput, Form, ReferenceInput, type Identifier } from 'react-admin';
import type { ConsoleUser } from '../users/types';

const userText = (user: ConsoleUser) => `${user.ownerName} (${user.email})`;

/** Choose a user by name or e-mail (the users list's search): `onPick` gets their id. */
export function UserPicker({
  userId,
  onPick,
}: {
  userId: Identifier | undefined;
  onPick: (userId: Identifier) => void;
}) {
  return (
    <Form record={{ userId }} onSubmit={() => undefined}>
      <ReferenceInput source="userId" reference="users" sort={{ field: 'ownerName', order: 'ASC' }}>
        <AutocompleteInput
          label="User"
          optionText={userText}
          filterToQuery={(q: string) => (q.trim() ? { q } : {})}
          onChange={(value: Identifier | null) => {
            if (value) onPick(value);
          }}
          helperText="Search by name or e-mail"
          sx={{ minWidth: { xs: 0, sm: 360 }, width: { xs: '100%', sm: 'auto' } }}
        />
      </ReferenceInput>
    </Form>
  );
}
