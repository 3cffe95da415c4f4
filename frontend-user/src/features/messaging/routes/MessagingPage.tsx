import { PlaceholderPage } from '../../../components/PlaceholderPage';

export function MessagingPage() {
  return (
    <PlaceholderPage title="Messaging is being built">
      Real-time chat with the creators on your list is on its way.
    </PlaceholderPage>
  );
}
