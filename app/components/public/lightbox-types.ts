/** What the lightbox shell (lightbox.tsx) hands its lazily loaded half (lightbox-impl.tsx). */
export type LightboxImage = { src: string; alt: string; width?: number; height?: number };

export type LightboxImplProps = {
  images: LightboxImage[];
  open: boolean;
  index: number;
  onClose: () => void;
};
