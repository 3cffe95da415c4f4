import { useId, type ChangeEvent } from 'react';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Autocomplete,
  Box,
  Button,
  Chip,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import AddPhotoAlternateIcon from '@mui/icons-material/AddPhotoAlternate';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { recommendedMedia, takesVideoLink } from '@linkcoin/domain/profiles/media.ts';
import {
  CONTENT_TOPICS,
  PLATFORMS,
  PRODUCT_CATEGORIES,
  labelOf,
} from '@linkcoin/domain/profiles/options.ts';
import { safeImageSrc } from '@linkcoin/frontend-shared/links/safe-link.ts';
import type { PostDraft, PostPatch } from '../../utils/profile-form';
import { hasMedia, isCompletePost } from '../../utils/profile-form';
import { PlatformIcon } from '../PlatformIcon';

type CategoryOption = Readonly<{ value: string; label: string; group: string }>;

/** Post categories: product categories, then content topics not already listed. */
const CATEGORY_OPTIONS: readonly CategoryOption[] = (() => {
  const seen = new Set<string>();
  const options: CategoryOption[] = [];
  for (const [group, list] of [
    ['Product categories', PRODUCT_CATEGORIES],
    ['Content topics', CONTENT_TOPICS],
  ] as const) {
    for (const option of list) {
      if (seen.has(option.value)) continue;
      seen.add(option.value);
      options.push({ ...option, group });
    }
  }
  return options;
})();

type PastPostRowProps = {
  post: PostDraft;
  number: number;
  expanded: boolean;
  onToggle: () => void;
  onChange: (patch: PostPatch) => void;
  onRemove: () => void;
  /** An image file was picked: it goes to the crop dialog. */
  onImagePicked: (file: File) => void;
  /** After a refused submit, missing fields are marked. */
  showErrors: boolean;
};

/** One expandable past post: platform, category, media (image or video link), Remove Post. */
export function PastPostRow({
  post,
  number,
  expanded,
  onToggle,
  onChange,
  onRemove,
  onImagePicked,
  showErrors,
}: PastPostRowProps) {
  const summaryId = useId();
  const video = takesVideoLink(post.platform);
  const { width, height } = recommendedMedia(post.platform);
  const complete = isCompletePost(post);
  const preview = video ? undefined : safeImageSrc(post.postLink);
  const categoryMissing = showErrors && post.category === '';
  const mediaMissing = showErrors && !hasMedia(post);
  const youTubeLinkInvalid =
    post.platform === 'youtube' && post.postLink.trim() !== '' && !hasMedia(post);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file && file.type.startsWith('image/')) onImagePicked(file);
  };

  return (
    <Accordion
      expanded={expanded}
      onChange={onToggle}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={summaryId}>
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'center', minWidth: 0, flexWrap: 'wrap' }}
        >
          <PlatformIcon platform={post.platform} decorative />
          <Typography sx={{ fontWeight: 600 }}>
            Post {number}: {labelOf(post.platform)}
            {post.category ? ` · ${labelOf(post.category)}` : ''}
          </Typography>
          {!complete && <Chip label="Incomplete" color="warning" size="small" />}
        </Stack>
      </AccordionSummary>
      <AccordionDetails>
        <Stack spacing={2.5}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label="Platform"
              required
              value={post.platform}
              onChange={(event) => onChange({ platform: event.target.value })}
              sx={{ minWidth: { sm: 200 } }}
            >
              {PLATFORMS.map((option) => (
                <MenuItem key={option.value} value={option.value}>
                  {option.label}
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              options={CATEGORY_OPTIONS}
              groupBy={(option) => option.group}
              getOptionLabel={(option) => option.label}
              isOptionEqualToValue={(option, value) => option.value === value.value}
              value={CATEGORY_OPTIONS.find((option) => option.value === post.category) ?? null}
              onChange={(_event, option) => onChange({ category: option?.value ?? '' })}
              sx={{ flex: 1 }}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label="Category"
                  required
                  error={categoryMissing}
                  helperText={categoryMissing ? 'Choose a category' : undefined}
                />
              )}
            />
          </Stack>
          {video ? (
            <TextField
              label="Video Link"
              required
              type="url"
              placeholder={
                post.platform === 'youtube' ? 'https://www.youtube.com/watch?v=…' : 'https://…'
              }
              value={post.postLink}
              onChange={(event) => onChange({ postLink: event.target.value })}
              error={mediaMissing || youTubeLinkInvalid}
              helperText={
                youTubeLinkInvalid
                  ? 'Paste the link of a YouTube video (it holds an 11-character video id).'
                  : mediaMissing
                    ? 'Paste the link of the post'
                    : undefined
              }
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          ) : (
            <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              {preview && (
                <Box
                  component="img"
                  src={preview}
                  alt={`Post ${number} image`}
                  sx={{
                    width: 250,
                    maxWidth: '100%',
                    aspectRatio: `${width} / ${height}`,
                    objectFit: 'cover',
                    borderRadius: 2,
                    bgcolor: 'grey.100',
                  }}
                />
              )}
              <Button component="label" variant="outlined" startIcon={<AddPhotoAlternateIcon />}>
                {post.postLink ? 'Change image' : 'Upload image'}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  aria-label={`Choose an image for post ${number}`}
                  onChange={onFile}
                />
              </Button>
              <Typography
                variant="body2"
                color={mediaMissing ? 'error' : 'text.secondary'}
                role={mediaMissing ? 'alert' : undefined}
              >
                {mediaMissing ? 'Upload an image. ' : ''}Recommended size: {width} x {height}
              </Typography>
            </Stack>
          )}
          <Button color="error" variant="text" onClick={onRemove} sx={{ alignSelf: 'flex-start' }}>
            Remove Post
          </Button>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
