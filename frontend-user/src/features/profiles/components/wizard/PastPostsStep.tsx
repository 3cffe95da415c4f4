import { Suspense, lazy, useState, type Dispatch } from 'react';
import { Button, MenuItem, Stack, TextField, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { PLATFORMS, labelOf } from '@linkcoin/domain/profiles/options.ts';
import { newDraftKey } from '../../utils/draft-keys';
import type { FormAction, PostDraft } from '../../utils/profile-form';
import { filterPosts } from '../../utils/profile-display';
import { AddPostDialog } from './AddPostDialog';
import type { CropSource } from './CropDialog';
import { PastPostRow } from './PastPostRow';

// The cropper (react-easy-crop) loads when a picture is first cropped.
const CropDialog = lazy(() => import('./CropDialog').then((m) => ({ default: m.CropDialog })));

/** A post the wizard wants seen (an unfinished one that holds the save back). */
export type PostReveal = Readonly<{ key: string }>;

type PastPostsStepProps = {
  posts: readonly PostDraft[];
  dispatch: Dispatch<FormAction>;
  showErrors: boolean;
  reveal: PostReveal | null;
};

/**
 * docs/product-spec.md section 2, "Past Posts step": filters by platform and category, Add Post, expandable
 * rows, the crop dialog for image platforms and Remove Post.
 */
export function PastPostsStep({ posts, dispatch, showErrors, reveal }: PastPostsStepProps) {
  const [platform, setPlatform] = useState('');
  const [category, setCategory] = useState('');
  const [openKey, setOpenKey] = useState<string | null>(reveal?.key ?? null);
  // A post to reveal is opened, with the filters cleared so it shows.
  const [revealed, setRevealed] = useState(reveal);
  if (reveal !== revealed) {
    setRevealed(reveal);
    if (reveal) {
      setOpenKey(reveal.key);
      setPlatform('');
      setCategory('');
    }
  }
  const [adding, setAdding] = useState(false);
  const [cropSource, setCropSource] = useState<CropSource | null>(null);

  const visible = filterPosts(posts, { platform, category });
  const categories = [...new Set(posts.map((post) => post.category).filter(Boolean))];

  const closeCrop = () => {
    if (cropSource) URL.revokeObjectURL(cropSource.imageUrl);
    setCropSource(null);
  };

  return (
    <Stack spacing={2.5}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <TextField
          select
          size="small"
          label="Filter by platform"
          value={platform}
          onChange={(event) => setPlatform(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All platforms</MenuItem>
          {PLATFORMS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Filter by category"
          value={category}
          onChange={(event) => setCategory(event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">All categories</MenuItem>
          {categories.map((value) => (
            <MenuItem key={value} value={value}>
              {labelOf(value)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          sx={{ ml: { sm: 'auto' } }}
        >
          Add Post
        </Button>
      </Stack>
      {visible.length === 0 ? (
        <Typography color="text.secondary">
          No posts match your filters. Try adjusting your filters or add a new post.
        </Typography>
      ) : (
        <Stack spacing={1.5}>
          {visible.map((post) => (
            <PastPostRow
              key={post.key}
              post={post}
              number={posts.indexOf(post) + 1}
              expanded={openKey === post.key}
              onToggle={() => setOpenKey(openKey === post.key ? null : post.key)}
              onChange={(patch) => dispatch({ type: 'updatePost', key: post.key, patch })}
              onRemove={() => dispatch({ type: 'removePost', key: post.key })}
              onImagePicked={(file) =>
                setCropSource({
                  postKey: post.key,
                  platform: post.platform,
                  imageUrl: URL.createObjectURL(file),
                })
              }
              showErrors={showErrors}
            />
          ))}
        </Stack>
      )}
      <AddPostDialog
        open={adding}
        onClose={() => setAdding(false)}
        onContinue={(chosen) => {
          const key = newDraftKey();
          dispatch({ type: 'addPost', key, platform: chosen });
          // The new post is placed first and opened; the filters are cleared so it shows.
          setPlatform('');
          setCategory('');
          setOpenKey(key);
          setAdding(false);
        }}
      />
      {cropSource && (
        <Suspense fallback={null}>
          <CropDialog
            source={cropSource}
            onClose={closeCrop}
            onSaved={(postKey, url) => {
              dispatch({ type: 'updatePost', key: postKey, patch: { postLink: url } });
              closeCrop();
            }}
          />
        </Suspense>
      )}
    </Stack>
  );
}
