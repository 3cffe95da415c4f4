import { Box, Typography } from '@mui/material';
import { Login, LoginForm, PasswordInput, TextInput, required } from 'react-admin';

/** React-admin's login page, titled for the console, signing in with an e-mail address. */
export function LoginPage() {
  return (
    // The page's one landmark: everything a visitor can do here is in it.
    <Box component="main">
      <Login>
        <Typography
          variant="h5"
          component="h1"
          sx={{ textAlign: 'center', fontWeight: 800, px: 2 }}
        >
          LinkCoin console
        </Typography>
        <LoginForm>
          <TextInput
            autoFocus
            source="username"
            label="Email"
            type="email"
            autoComplete="username"
            validate={required()}
          />
          <PasswordInput
            source="password"
            label="Password"
            autoComplete="current-password"
            validate={required()}
          />
        </LoginForm>
      </Login>
    </Box>
  );
}
