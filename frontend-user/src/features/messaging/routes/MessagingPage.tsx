import { useCallback, useEffect, useState } from 'react';
import { Box, Container, Drawer, Paper, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router-dom';
import type { CollectionEntry } from '@linkcoin/domain/collections/contracts.ts';
import { PageTitle } from '../../../components/PageTitle';
import { useAuth } from '../../../lib/auth/auth-context';
import { collectionQueryOptions, entryFor } from '../../collections';
import { useRemoveConnection } from '../../collections';
import { chatPath } from '../../collections';
import { ConnectionsSidebar } from '../components/ConnectionsSidebar';
import { ConversationPane } from '../components/ConversationPane';
import { NoConversation } from '../components/NoConversation';
import { RemoveConnectionDialog } from '../components/RemoveConnectionDialog';
import { visuallyHidden } from '../../../lib/visually-hidden';
import { useChatConnection } from '../hooks/useChatConnection';
import { useNow } from '../hooks/useNow';
import { latestConversation } from '../utils/unread';
import { EMPTY_LIST_HINTS } from '../utils/chat-rules';

const SIDEBAR_WIDTH = 340;

/**
 * /MessagingApp/{userId} (docs/product-spec.md sections 2 and 4). The signed-in user's connections and the chat.
 * The path names the connection whose conversation is open; the user's own id (the address the
 * server's notifications use) or anyone not on the list opens none. /MessagingApp alone (the
 * top bar's Messages) opens the latest conversation on a desktop, the list of connections on a phone.
 */
export function MessagingPage() {
  const { user } = useAuth();
  // The route is protected: a user is here.
  const me = user?._id ?? '';
  const { userId: routeId = '' } = useParams();
  const navigate = useNavigate();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('md'));
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [removing, setRemoving] = useState<CollectionEntry | null>(null);

  const connections = useQuery(collectionQueryOptions(me));
  // Loading errors are only logged (docs/product-spec.md section 8).
  useEffect(() => {
    if (connections.error) console.warn('The connections could not be loaded', connections.error);
  }, [connections.error]);
  const open = routeId === me ? null : entryFor(connections.data, routeId);
  const openId = open?.user._id ?? null;
  const latest = routeId === '' ? latestConversation(connections.data) : null;
  // /MessagingApp alone: the latest conversation on a desktop, the list of connections on a phone.
  useEffect(() => {
    if (routeId === '' && !phone && latest) {
      void navigate(chatPath(latest.user._id), { replace: true });
    }
  }, [routeId, phone, latest, navigate]);
  const [listDismissed, setListDismissed] = useState(false);
  const showList = drawerOpen || (phone && routeId === '' && latest !== null && !listDismissed);
  const { status, online, pending, send } = useChatConnection(me, openId);
  const now = useNow(null);

  const isOnline = useCallback(
    (entry: CollectionEntry) => (online ? online.has(entry.user._id) : entry.user.isOnline),
    [online],
  );

  const select = useCallback(
    (connectedUserId: string) => {
      setDrawerOpen(false);
      void navigate(chatPath(connectedUserId));
    },
    [navigate],
  );

  // docs/product-spec.md section 7: after a removal the list is read again and the chat cleared if it was open.
  const clearIfOpen = (connectedUserId: string) => {
    if (connectedUserId === openId) void navigate(chatPath(me), { replace: true });
  };
  const { removeConnection, removing: removeBusy } = useRemoveConnection(me, clearIfOpen);

  const sidebar = (
    <ConnectionsSidebar
      entries={connections.data}
      isPending={connections.isPending}
      isError={connections.isError}
      search={search}
      onSearch={setSearch}
      selectedId={openId}
      isOnline={isOnline}
      now={now}
      onSelect={select}
      onRemove={setRemoving}
    />
  );
  const openConnections = phone ? () => setDrawerOpen(true) : undefined;
  const emptyHint =
    connections.data?.length === 0
      ? EMPTY_LIST_HINTS[user?.role === 'influencer' ? 'creator' : 'brand']
      : undefined;

  return (
    <Container maxWidth="lg" disableGutters={phone} sx={{ py: { xs: 0, md: 3 } }}>
      <PageTitle title={open ? `Chat with ${open.user.ownerName}` : 'Messages'} />
      <Typography variant="h1" sx={visuallyHidden}>
        Messaging
      </Typography>
      <Paper
        variant="outlined"
        sx={{
          display: 'flex',
          height: { xs: 'calc(100dvh - 64px)', md: 'calc(100dvh - 72px - 48px)' },
          minHeight: 480,
          overflow: 'hidden',
          borderRadius: { xs: 0, md: 3 },
        }}
      >
        {phone ? (
          <Drawer
            open={showList}
            onClose={() => {
              setDrawerOpen(false);
              setListDismissed(true);
            }}
            // Named by the sidebar's "Messages" heading, which it shows.
            slotProps={{
              paper: { sx: { width: 'min(340px, 88vw)' }, 'aria-labelledby': 'messages-heading' },
            }}
          >
            {sidebar}
          </Drawer>
        ) : (
          <Box sx={{ width: SIDEBAR_WIDTH, flexShrink: 0, borderRight: 1, borderColor: 'divider' }}>
            {sidebar}
          </Box>
        )}
        <Box
          component="section"
          aria-label="Conversation"
          sx={{ flex: 1, minWidth: 0, display: 'flex' }}
        >
          {open ? (
            <ConversationPane
              key={open.user._id}
              me={me}
              entry={open}
              online={isOnline(open)}
              status={status}
              pending={pending}
              onSend={send}
              {...(openConnections ? { onOpenConnections: openConnections } : {})}
            />
          ) : (
            <NoConversation
              {...(openConnections ? { onOpenConnections: openConnections } : {})}
              {...(emptyHint ? { hint: emptyHint } : {})}
            />
          )}
        </Box>
      </Paper>
      <RemoveConnectionDialog
        name={removing?.user.ownerName ?? null}
        busy={removeBusy}
        onCancel={() => setRemoving(null)}
        onRemove={() => {
          const entry = removing;
          setRemoving(null);
          if (entry) void removeConnection(entry.user._id);
        }}
      />
    </Container>
  );
}
