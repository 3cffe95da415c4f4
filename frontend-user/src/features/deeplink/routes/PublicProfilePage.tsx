import { useEffect } from 'react';
import { Button, CircularProgress, Container, Link, Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router-dom';
import { PageTitle } from '../../../components/PageTitle';
import { APP_STORE_FALLBACK_DELAY_MS, APP_STORE_URL, profileDeepLink } from '../config';

/**
 * /PublicProfile?userId=…&name=…: a shared profile link. It asks the mobile app to open the
 * profile; if the app is not installed the page is still here after the delay, and the visitor
 * goes to the app store. The store link is offered at once for anyone who does not want to wait.
 */
export function PublicProfilePage() {
  const [searchParams] = useSearchParams();
  const userId = searchParams.get('userId');
  const name = searchParams.get('name');
  const deepLink = profileDeepLink(userId);

  useEffect(() => {
    window.location.assign(deepLink);
    const fallback = window.setTimeout(() => {
      window.location.assign(APP_STORE_URL);
    }, APP_STORE_FALLBACK_DELAY_MS);
    // When the app opens, the browser tab goes to the background: no store redirect then.
    const cancelWhenHidden = () => {
      if (document.visibilityState === 'hidden') window.clearTimeout(fallback);
    };
    document.addEventListener('visibilitychange', cancelWhenHidden);
    return () => {
      window.clearTimeout(fallback);
      document.removeEventListener('visibilitychange', cancelWhenHidden);
    };
  }, [deepLink]);

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 8, md: 14 }, textAlign: 'center' }}>
      <PageTitle title={name ? `${name} on LinkCoin` : 'Open in the LinkCoin app'} />
      <Stack spacing={3} sx={{ alignItems: 'center' }}>
        <CircularProgress aria-label="Opening the LinkCoin app" />
        <Typography variant="h3" component="h1">
          {name ? `Opening ${name}'s profile` : 'Opening the LinkCoin app'}
        </Typography>
        <Typography color="text.secondary">
          We are opening this profile in the LinkCoin app. If the app is not installed, you will be
          taken to the app store in {APP_STORE_FALLBACK_DELAY_MS / 1000} seconds.
        </Typography>
        <Typography>
          Not redirected? <Link href={APP_STORE_URL}>click here</Link> to get the LinkCoin app.
        </Typography>
        <Button variant="outlined" href={deepLink}>
          Open in the app
        </Button>
      </Stack>
    </Container>
  );
}
