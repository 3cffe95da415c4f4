import type { ChangeEvent } from 'react';
import { Button, Stack, Typography } from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import { useUploadImage } from '../../api/uploads';
import { ProfileAvatar } from '../ProfileAvatar';

type ProfilePictureFieldProps = {
  name: string;
  url: string;
  onUploaded: (url: string) => void;
};

/**
 * The profile picture: a 150x150 preview and an upload control for image files only. Upload
 * failures are only logged (docs/product-spec.md section 8).
 */
export function ProfilePictureField({ name, url, onUploaded }: ProfilePictureFieldProps) {
  const upload = useUploadImage();
  const uploading = upload.isPending;

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      console.warn('Only image files can be a profile picture', file.type);
      return;
    }
    try {
      const answer = await upload.mutateAsync({ image: file, fileName: file.name });
      onUploaded(answer.secure_url);
    } catch (error) {
      console.error('Profile picture upload failed', error);
    }
  };

  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={3}
      sx={{ alignItems: 'center' }}
      role="group"
      aria-label="Profile picture"
    >
      <ProfileAvatar name={name || '?'} src={url} size={150} alt="Profile picture preview" />
      <Stack spacing={1} sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}>
        <Button
          component="label"
          variant="outlined"
          startIcon={<AddPhotoAlternateIcon />}
          disabled={uploading}
        >
          {uploading ? 'Uploading...' : 'Upload Photo'}
          <input
            hidden
            type="file"
            accept="image/*"
            aria-label="Choose a profile picture"
            onChange={(event) => void onFile(event)}
          />
        </Button>
        <Typography variant="body2" color="text.secondary">
          JPEG, PNG, WebP or GIF.
        </Typography>
      </Stack>
    </Stack>
  );
}
