import { useId, useState } from 'react';
import { Box, Card, CardContent, MenuItem, Select, Stack, Typography } from '@mui/material';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import type { PastPostView } from '@linkcoin/domain/profiles/contracts.ts';
import { recommendedMedia } from '@linkcoin/domain/profiles/media.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import { SafeLink } from '@linkcoin/frontend-shared/links/SafeLink.tsx';
import {
  IMAGE_CARD_WIDTH,
  distinctValues,
  filterPosts,
  splitPosts,
  youTubeEmbedUrl,
} from '../utils/profile-display';
import { PlatformIcon } from './PlatformIcon';
import { ScrollStrip } from './ScrollStrip';

type PopularPostsProps = {
  /** "Popular Posts" on the profile page, "Poppular Posts" (sic, docs/product-spec.md section 2) in the modal. */
  heading: 'Popular Posts' | 'Poppular Posts';
  posts: readonly PastPostView[];
};

type FilterSelectProps = {
  placeholder: 'Platform' | 'Category';
  allLabel: string;
  values: readonly string[];
  value: string;
  onChange: (value: string) => void;
};

/** A dropdown whose empty choice reads its name (Platform, Category). */
function FilterSelect({ placeholder, allLabel, values, value, onChange }: FilterSelectProps) {
  return (
    <Select
      size="small"
      displayEmpty
      value={value}
      onChange={(event) => onChange(event.target.value)}
      renderValue={(selected) => (selected === '' ? placeholder : labelOf(selected))}
      inputProps={{ 'aria-label': placeholder }}
      sx={{ minWidth: 160 }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {values.map((option) => (
        <MenuItem key={option} value={option}>
          {labelOf(option)}
        </MenuItem>
      ))}
    </Select>
  );
}

/** An image post; `src` has passed the safe-link helper (our uploads or https only). */
function ImageCard({ post, src }: { post: PastPostView; src: string }) {
  const { width, height } = recommendedMedia(post.platform);
  return (
    <Card
      component="figure"
      sx={{ width: IMAGE_CARD_WIDTH, flexShrink: 0, m: 0 }}
      data-testid="image-post"
    >
      <Box
        component="img"
        src={src}
        alt={`${labelOf(post.platform)} post: ${labelOf(post.category)}`}
        loading="lazy"
        sx={{
          display: 'block',
          width: IMAGE_CARD_WIDTH,
          aspectRatio: `${width} / ${height}`,
          objectFit: 'cover',
          bgcolor: 'grey.100',
        }}
      />
      <CardContent component="figcaption" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <PlatformIcon platform={post.platform} fontSize="small" />
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {labelOf(post.category)}
        </Typography>
      </CardContent>
    </Card>
  );
}

function LinkCard({ post }: { post: PastPostView }) {
  return (
    <Card sx={{ width: IMAGE_CARD_WIDTH, flexShrink: 0 }}>
      <CardContent>
        <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
          <PlatformIcon platform={post.platform} />
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {labelOf(post.category)}
          </Typography>
          <SafeLink
            href={post.postLink}
            whenUnsafe="nothing"
            sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
          >
            <PlayCircleIcon fontSize="small" aria-hidden="true" />
            Watch on {labelOf(post.platform)}
          </SafeLink>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * docs/product-spec.md section 2: the past posts with Platform and Category dropdowns; image posts as 250px
 * cards in one strip, YouTube videos as muted embeds in a second; "No posts available" otherwise.
 */
export function PopularPosts({ heading, posts }: PopularPostsProps) {
  const headingId = useId();
  const [platform, setPlatform] = useState('');
  const [category, setCategory] = useState('');
  const { images, videos, links } = splitPosts(filterPosts(posts, { platform, category }));
  const videoCards = videos.length + links.length;

  return (
    <Stack component="section" aria-labelledby={headingId} spacing={2} sx={{ minWidth: 0 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Typography variant="h5" component="h2" id={headingId}>
          {heading}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <FilterSelect
            placeholder="Platform"
            allLabel="All platforms"
            values={distinctValues(posts, 'platform')}
            value={platform}
            onChange={setPlatform}
          />
          <FilterSelect
            placeholder="Category"
            allLabel="All categories"
            values={distinctValues(posts, 'category')}
            value={category}
            onChange={setCategory}
          />
        </Stack>
      </Stack>
      {images.length === 0 && videoCards === 0 ? (
        <Typography color="text.secondary">No posts available</Typography>
      ) : (
        <>
          {images.length > 0 && (
            <ScrollStrip label="image posts">
              {images.map(({ post, src }) => (
                <ImageCard key={post.id} post={post} src={src} />
              ))}
            </ScrollStrip>
          )}
          {videoCards > 0 && (
            <ScrollStrip label="video posts">
              {videos.map(({ post, videoId }) => (
                <Box
                  key={post.id}
                  component="iframe"
                  src={youTubeEmbedUrl(videoId)}
                  title={`YouTube video: ${labelOf(post.category)}`}
                  loading="lazy"
                  allow="encrypted-media; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  sx={{
                    width: { xs: 260, sm: 320 },
                    aspectRatio: '16 / 9',
                    border: 0,
                    borderRadius: 2,
                    flexShrink: 0,
                    bgcolor: 'grey.900',
                  }}
                />
              ))}
              {links.map((post) => (
                <LinkCard key={post.id} post={post} />
              ))}
            </ScrollStrip>
          )}
        </>
      )}
    </Stack>
  );
}
