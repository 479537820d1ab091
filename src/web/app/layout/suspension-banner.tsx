import { Link } from 'react-router';
import { pathOf } from '../../../shared/routes';
import { suspensionSentence, useSuspension } from '../../components/reports/suspension-notice';
import { containerStyle, textLinkStyle } from '../../components/styles';

/** On every page while the member is suspended: why and until when, and that reading still works. */
export function SuspensionBanner() {
  const suspension = useSuspension();
  if (!suspension) return null;
  return (
    <section aria-label="Your account is suspended" className="border-b border-danger-ink/40 bg-danger-soft">
      <p className={`${containerStyle} py-3 text-sm text-ink`}>
        <strong className="font-semibold">{suspensionSentence(suspension)}</strong> Until then you can sign in and read, but not post
        reviews, lists, games, votes or reports. See the{' '}
        <Link to={pathOf('community')} className={textLinkStyle}>
          community guidelines
        </Link>
        .
      </p>
    </section>
  );
}
