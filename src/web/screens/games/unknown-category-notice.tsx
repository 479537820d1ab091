import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { textLinkStyle } from '../../components/styles';

export function UnknownCategoryNotice({ value }: { value: string }) {
  return (
    <p role="status" className="mb-6 rounded-xl border border-line bg-raised px-4 py-3 text-ink">
      There is no category called &lsquo;{value}&rsquo;, so all games are shown. See the{' '}
      <Link to={pathOf('categories')} className={textLinkStyle}>
        list of categories
      </Link>
      .
    </p>
  );
}
