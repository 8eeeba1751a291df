import { AutomationSetup } from '../components/AutomationSetup';

/** /account/integrations/make/: connecting Make (custom app) with the account's address and an API key; its REST hooks (docs/INTEGRATIONS.md). */
export function MakePage() {
  return (
    <AutomationSetup
      source="make"
      appName="Make"
      intro="Start Make scenarios on new scans, uploads, database values and finished tasks, and let scenarios add database values, create app users, run tasks, generate barcodes and find values and scans. Instant triggers are told at once through a webhook; polling triggers check on the scenario’s schedule."
      steps={[
        <>
          In Make, open <strong>Custom apps</strong> and create an app named Scanbase. Paste the sections of <code>integrations/make/scanbase.make-app.json</code> (from the
          Scanbase sources) into its Base, Connection, Webhooks, Remote procedures (<code>rpcs</code>) and Modules tabs.
        </>,
        <>In a scenario, add a Scanbase module: “Watch New Scans” (instant), or one of the polling triggers such as “New Scans (polling)”.</>,
        <>
          Create a connection with the <strong>Scanbase address</strong> and an <strong>API key</strong> from below. Make checks them and names the connection after your company.
        </>,
        <>For scans and uploads you may enter a service number to get only that service’s; leave it empty for all.</>,
        <>Run the scenario once and scan something: the bundle shows the scan’s fields (the sample below shows them all).</>,
        <>An instant trigger’s webhook appears under “Make REST hooks” on this page; deleting the webhook in Make removes it here.</>,
        <>
          To change Scanbase from a scenario, add a Scanbase <strong>action</strong> module (for example “Add or Update a Database Value” or “Generate a Barcode”, whose file
          the next module can upload) or <strong>search</strong> module (“Find Scans”) with the same connection.
        </>,
      ]}
    />
  );
}
