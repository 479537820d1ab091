import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { textLinkStyle } from '../../components/styles';

interface UnknownCategoryNoticeProps {
  value: string;
  /** Other, known categories still narrow the list. */
  othersApply: boolean;
}

export function UnknownCategoryNotice({ value, othersApply }: UnknownCategoryNoticeProps) {
  return (
    <p role="status" className="mb-6 rounded-xl border border-line bg-raised px-4 py-3 text-ink">
      There is no category called &lsquo;{value}&rsquo;, so {othersApply ? 'it is left out of the filters' : 'all games are shown'}. See the{' '}
      <Link to={pathOf('categories')} className={textLinkStyle}>
        list of categories
      </Link>
      .
    </p>
  );
}
