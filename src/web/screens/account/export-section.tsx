import { buttonStyles } from '../../components/styles';
import { AccountSection } from './account-section';

/** A plain link: the browser downloads the file itself, with or without the page's scripts. */
export function ExportSection() {
  return (
    <AccountSection
      id="export"
      title="Your data"
      intro="One JSON file of everything kept about you: profile, reviews, replies, update posts, lists, favourites, follows, submissions, notifications, reports you filed, decisions about you and your sessions. Up to 5 downloads an hour."
    >
      <a href="/api/me/export" download="gamesource-my-data.json" className={buttonStyles.secondary}>
        Download my data
      </a>
    </AccountSection>
  );
}
