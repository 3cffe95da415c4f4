import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Slider,
  Stack,
  Typography,
} from '@mui/material';
import { recommendedMedia } from '@linkcoin/domain/profiles/media.ts';
import { labelOf } from '@linkcoin/domain/profiles/options.ts';
import { useUploadImage } from '../../api/uploads';
import { cropAspect } from '../../utils/crop';
import { renderCrop } from '../../utils/render-crop';

/** The picked image waiting to be cropped for one post. */
export type CropSource = Readonly<{ postKey: string; platform: string; imageUrl: string }>;

type CropDialogProps = {
  source: CropSource | null;
  onClose: () => void;
  onSaved: (postKey: string, url: string) => void;
};

/**
 * The crop dialog (react-easy-crop) at the platform's recommended aspect. Crop & Save draws the
 * area at the recommended size, uploads the JPEG and hands back its secure URL. Upload failures
 * are only logged (docs/product-spec.md section 8).
 */
export function CropDialog({ source, onClose, onSaved }: CropDialogProps) {
  const titleId = useId();
  return (
    <Dialog
      open={source !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>Crop image</DialogTitle>
      {source && (
        <CropEditor key={source.imageUrl} source={source} onClose={onClose} onSaved={onSaved} />
      )}
    </Dialog>
  );
}

function CropEditor({
  source,
  onClose,
  onSaved,
}: {
  source: CropSource;
  onClose: () => void;
  onSaved: (postKey: string, url: string) => void;
}) {
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const upload = useUploadImage();
  const [rendering, setRendering] = useState(false);
  const saving = rendering || upload.isPending;
  const zoomLabelId = useId();
  const { width, height } = recommendedMedia(source.platform);

  const save = async () => {
    if (!area) return;
    setRendering(true);
    try {
      const image = await renderCrop(source.imageUrl, source.platform, area);
      setRendering(false);
      const answer = await upload.mutateAsync({ image, fileName: 'post.jpg' });
      onSaved(source.postKey, answer.secure_url);
    } catch (error) {
      console.error('Post image upload failed', error);
    } finally {
      setRendering(false);
    }
  };

  return (
    <>
      <DialogContent>
        <Stack spacing={2}>
          <Box
            sx={{
              position: 'relative',
              height: { xs: 260, sm: 360 },
              bgcolor: 'grey.900',
              borderRadius: 2,
              overflow: 'hidden',
            }}
          >
            <Cropper
              image={source.imageUrl}
              crop={crop}
              zoom={zoom}
              aspect={cropAspect(source.platform)}
              onCropChange={setCrop}
              onZoomChange={setZoom}
              onCropComplete={(_area, pixels) => setArea(pixels)}
            />
          </Box>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Typography id={zoomLabelId} variant="body2">
              Zoom
            </Typography>
            <Slider
              aria-labelledby={zoomLabelId}
              min={1}
              max={3}
              step={0.05}
              value={zoom}
              onChange={(_event, value) => setZoom(value)}
            />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            Saved at {width} x {height}, the recommended size for {labelOf(source.platform)}.
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button variant="contained" disabled={area === null || saving} onClick={() => void save()}>
          {saving ? 'Uploading...' : 'Crop & Save'}
        </Button>
      </DialogActions>
    </>
  );
}
