import { useId, useState } from 'react';
import { Dialog, DialogContent, DialogTitle, IconButton, useMediaQuery } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import CloseRoundedIcon from '@mui/icons-material/CloseRounded';
import type { PurchaseChoice } from '../purchase';
import { PurchasePanel } from './PurchasePanel';

type PurchaseDialogProps = {
  open: boolean;
  initialChoice: PurchaseChoice;
  onClose: () => void;
};

/** The purchase dialog (docs/product-spec.md section 2): packages, quantity, total, pay, how LinkCoins work. */
export function PurchaseDialog({ open, initialChoice, onClose }: PurchaseDialogProps) {
  const titleId = useId();
  // A phone gets the whole screen: the packages, the quantity and the rules are a long read.
  const fullScreen = useMediaQuery(useTheme().breakpoints.down('sm'));
  // While the browser is on its way to the payment page, the dialog stays as it is.
  const [leaving, setLeaving] = useState(false);
  const close = () => {
    if (!leaving) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      fullScreen={fullScreen}
      maxWidth="md"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        Buy LinkCoins
      </DialogTitle>
      <IconButton
        aria-label="Close"
        onClick={close}
        disabled={leaving}
        sx={{ position: 'absolute', right: 12, top: 12 }}
      >
        <CloseRoundedIcon />
      </IconButton>
      <DialogContent dividers>
        <PurchasePanel initialChoice={initialChoice} onLeaving={setLeaving} />
      </DialogContent>
    </Dialog>
  );
}
