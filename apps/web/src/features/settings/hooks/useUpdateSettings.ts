import { updateSettings, type DateFormat, type TimeFormat } from '@scanbase/contracts/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useServices } from '../../../app/useServices';

export type SettingsChanges = {
  timezoneBehavior?: number;
  adminEmail?: string;
  timezone?: string;
  companyName?: string;
  companyAddress?: string;
  companyPhone?: string;
  dateFormat?: DateFormat;
  timeFormat?: TimeFormat;
  scanRetentionDays?: number | null;
  confirmRetention?: boolean;
};

/** Saves changed settings (`settings/update`) and passes the new values to the signed-in user record. */
export function useUpdateSettings() {
  const { v2, session } = useServices();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingsChanges) => v2.call(updateSettings, body),
    onSuccess: (settings) => {
      client.setQueryData(['settings'], settings);
      const { user, token } = session;
      if (user && token) {
        session.signIn(token, {
          ...user,
          account: settings.companyName,
          timezone: settings.timezone,
          settings: {
            timezoneBehavior: settings.timezoneBehavior,
            adminEmail: settings.adminEmail,
            databaseCount: settings.databaseCount,
            dateFormat: settings.dateFormat,
            timeFormat: settings.timeFormat,
          },
        });
      }
    },
  });
}
