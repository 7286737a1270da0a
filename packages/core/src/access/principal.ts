// Who is calling, as every use case receives it: it stands below the modules so that each of
// them may take it without importing a module (docs/architecture.md#layers).

/** What an access token says about its holder. */
export interface Principal {
  userId: number;
  companyId: number;
  profile: 'admin' | 'user';
  super: boolean;
  /** users.tokenVersion when issued; a newer login or a disable bumps it. */
  tokenVersion: number;
  /**
   * The caller's flags and queues as the request's authentication read them (one query for
   * both): the ticket rules use them without a second round trip. Absent outside requests.
   */
  caller?: CallerProfile;
}

/** What the ticket and message rules read of the caller, fresh for the request. */
export interface CallerProfile {
  id: number;
  companyId: number;
  name: string;
  profile: 'admin' | 'user';
  super: boolean;
  allTicket: 'enable' | 'disable';
  allowGroup: boolean;
  allHistoric: 'enabled' | 'disabled';
  allUserChat: 'enabled' | 'disabled';
  userClosePendingTicket: 'enabled' | 'disabled';
  showDashboard: 'enabled' | 'disabled';
  allowRealTime: 'enabled' | 'disabled';
  allowConnections: 'enabled' | 'disabled';
  farewellMessage: string | null;
  queueIds: number[];
  /** The company's IANA time zone as stored (checked where it is used). */
  timezone: string | null;
  /**
   * Whether contact numbers reach this caller masked (docs/product/users-and-auth.md#roles-and-permissions): a profile user of a company
   * with LGPD and hide-number on. The route layer masks every answer by it.
   */
  hidesContactNumbers: boolean;
}
