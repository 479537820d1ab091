import { Link } from 'react-router';
import { profileHref } from '../../lib/profiles';
import { Avatar } from '../avatar';
import { textLinkStyle } from '../styles';

export interface ListMakerProps {
  maker: { id: string; name: string; username: string | null; image: string | null };
}

/** "By <name> @username", linking to the maker's public page (their games, lists and follow). */
export function ListMaker({ maker }: ListMakerProps) {
  return (
    <p className="flex min-w-0 items-center gap-2 text-sm text-muted">
      <Avatar name={maker.name} image={maker.image} />
      <span className="min-w-0 break-words">
        By{' '}
        <Link to={profileHref(maker.id)} className={textLinkStyle}>
          {maker.name}
        </Link>
        {maker.username && <span> @{maker.username}</span>}
      </span>
    </p>
  );
}
