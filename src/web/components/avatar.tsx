import { uploadIdFromPath, uploadPath } from '../../shared/uploads';

const avatarSizes = { xs: 'size-7 text-xs', sm: 'size-10 text-base', lg: 'size-24 text-3xl' } as const;

/** A user's picture, or their initial on the accent colour when they have none. */
export function Avatar({ name, image, size = 'sm' }: { name: string; image: string | null; size?: keyof typeof avatarSizes }) {
  const id = image ? uploadIdFromPath(image) : null;
  if (id) {
    return (
      <img
        src={uploadPath(id, 'card')}
        alt=""
        width={96}
        height={96}
        className={`${avatarSizes[size]} shrink-0 rounded-full border border-line bg-raised object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`${avatarSizes[size]} grid shrink-0 place-items-center rounded-full bg-accent font-bold text-on-accent`}
    >
      {(name.trim().charAt(0) || '?').toUpperCase()}
    </span>
  );
}
