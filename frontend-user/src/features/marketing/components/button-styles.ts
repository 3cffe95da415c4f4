/** An outlined button that reads well on the brand gradient. */
export const outlinedOnDark = {
  color: '#fff',
  borderColor: 'rgba(255,255,255,0.7)',
  '&:hover': { borderColor: '#fff', bgcolor: 'rgba(255,255,255,0.08)' },
} as const;
