import { AutomationSetup } from '../components/AutomationSetup';

/** /account/integrations/zapier/: connecting Zapier with the account's address and an API key; its REST hooks (docs/INTEGRATIONS.md). */
export function ZapierPage() {
  return (
    <AutomationSetup
      source="zapier"
      appName="Zapier"
      intro="Send new scans, uploads, database values and finished tasks to thousands of apps with Zapier, and let Zaps add database values, create app users, run tasks, generate barcodes and find values and scans. Zapier is told of new events at once (a REST hook) and checks every few minutes as a fallback."
      steps={[
        <>
          Add the Scanbase app to your Zapier account: your administrator deploys the app in <code>integrations/zapier/</code> of the Scanbase sources once (
          <code>npx zapier-platform-cli push</code>) and shares its invitation link with you.
        </>,
        <>In Zapier, create a Zap and choose <strong>Scanbase</strong> as the trigger app, then the event: New Scan, New Upload, New Database Value or Task Finished.</>,
        <>
          When Zapier asks you to sign in, enter the <strong>Scanbase address</strong> and an <strong>API key</strong> from below. Zapier shows the company name when they are
          right.
        </>,
        <>For New Scan and New Upload you may enter a service number to get only that service’s scans; leave it empty for all.</>,
        <>Test the trigger: Zapier loads your newest objects (or the sample below when there are none yet). Add your action and turn the Zap on.</>,
        <>The Zap now appears under “Zapier REST hooks” on this page, and every new event is sent to it within seconds. Turning the Zap off removes it.</>,
        <>
          To change Scanbase from a Zap, add a Scanbase <strong>action</strong> (for example “Add or Update Database Value”) or <strong>search</strong> (“Find Scan”) as a later
          step, with the same connection; choose the database, service or task from the list and map the fields of earlier steps.
        </>,
      ]}
    />
  );
}
