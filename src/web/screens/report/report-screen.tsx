import { Link, useNavigate, useSearchParams } from 'react-router';
import { reportKinds, type ReportKind } from '../../../shared/reports';
import { safeNext } from '../../../shared/safe-next';
import { PageIntro } from '../../components/page-intro';
import { ReportForm } from '../../components/reports/report-form';
import { Screen } from '../../components/screen';
import { cardStyle, textLinkStyle } from '../../components/styles';

const things: Record<ReportKind, string> = {
  game: 'this game',
  review: 'this review',
  list: 'this list',
  profile: 'this profile',
  reply: 'this reply',
  update: 'this update',
};

const isKind = (value: string | null): value is ReportKind => (reportKinds as readonly string[]).includes(value ?? '');

/**
 * The report form on a page of its own: where a Report link leads when it is followed before the
 * page's scripts arrived (a dialog opens on the page once they have). Goes back when sent.
 */
export default function ReportScreen() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const kind = search.get('kind');
  const targetId = search.get('id') ?? '';
  const back = safeNext(search.get('back'));
  return (
    <Screen>
      <PageIntro title="Report" eyebrow="Tell the moderators">
        Reports go to GameSource’s moderators, who check them against the community guidelines.
      </PageIntro>
      <div className={`${cardStyle} max-w-xl p-5 sm:p-6`}>
        {isKind(kind) && targetId ? (
          <ReportForm target={{ kind, targetId, name: things[kind] }} onDone={() => void navigate(back)} doneLabel="Go back" />
        ) : (
          <p className="text-ink">
            This link does not say what to report. Go back to the page and press its Report link.{' '}
            <Link to={back} className={textLinkStyle}>
              Go back
            </Link>
          </p>
        )}
      </div>
    </Screen>
  );
}
