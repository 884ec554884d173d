import Box from '@mui/material/Box';

/** A logo a brand sent, framed at most 200 px wide and high, as it was uploaded. */
export function UploadedLogo({ src, alt }: { src: string; alt: string }) {
  return (
    <Box
      component="img"
      src={src}
      alt={alt}
      sx={{
        maxWidth: 200,
        maxHeight: 200,
        objectFit: 'contain',
        border: 1,
        borderColor: 'divider',
        p: 1,
      }}
    />
  );
}
