/**
 * The console's chunks (rolldown's codeSplitting groups, vite.config.ts).
 * The framework every screen needs travels as one long-cached file instead of a dozen small requests; so do the
 * shared components, except those only lazily loaded dialogs and pop-ups use (they carry antd-mobile's Form, Popup and
 * react-spring), the entry's own (PlainButton: /login must not load the others), and the device screens' (they
 * call the API, whose client lives in the entry: in this chunk they would make a cycle).
 */
export const chunkGroups = [
  {
    name: 'framework',
    test: /node_modules[\\/](react|react-dom|scheduler|use-sync-external-store|@tanstack)[\\/]/,
    priority: 10,
  },
  {
    // What the entry shares with the lazy screens (API client, endpoint table, common texts, theme): one file,
    // not a dozen of a few hundred bytes each — fewer requests on the first paint, and gzip compresses it better.
    name: 'entry-shared',
    test: /src[\\/](app[\\/](api[\\/](http|connectivity|early|routes|token|user-center)|boot-snapshot|lazy|notify|layout[\\/](theme|ThemeToggle|IcpFooter)|components[\\/]PlainButton|features[\\/]account[\\/](queries|AuthLayout))\.|shared[\\/](messages[\\/](common|routes)|domain[\\/]routes|contract[\\/](envelope|routes))\.)|endpoint-routes(\/account)?$|preload-helper|antd-mobile-icons[\\/]es[\\/]CloseCircleFill/,
    priority: 8,
  },
  {
    // The endpoint families the entry does not call (endpointRoutes): one file the signed-in screens share.
    name: 'endpoints',
    test: /endpoint-routes\//,
    priority: 7,
  },
  {
    // The schema library (zod), which forms and the contract's validators use, in a file of its own: left to the
    // automatic split it was put in with a small module every screen imports, and every screen loaded it (issue #16).
    name: 'schemas',
    test: /node_modules[\\/]zod[\\/]/,
    priority: 6,
  },
  {
    // Issue #16: what every device list (and most signed-in screens) loads of antd-mobile besides the lazily loaded
    // dialogs' Form and Popup, as one file: as eight of 0.1-3 KB, with the texts and device modules below, a list
    // was ~45 files, and the page's preload scanner spent 30-80 ms of main thread (traced, 1x) asking for them.
    name: 'antd-core',
    test: /node_modules[\\/](antd-mobile[\\/]es[\\/](components[\\/](button|dot-loading|input|tag|config-provider)[\\/]|utils[\\/](bound|can-use-dom|native-props|with-default-props|validate|use-props-value)\.|global[\\/]|locales[\\/]zh-CN)|antd-mobile-icons[\\/]es[\\/](CloseOutline|FolderOutline|ExclamationCircleOutline|UnorderedListOutline)\.|classnames[\\/]|tslib[\\/])/,
    priority: 6,
  },
  {
    // The shared texts and rules every device list reads (each family's own stay with the family), one file. The
    // shell and the shared components read most of them too, so a screen that is not a list loads ~2 KB more.
    name: 'shared-text',
    test: /src[\\/]shared[\\/](messages[\\/](biz|contract|devices|domain|screens|secondary-password|status)|domain[\\/](connection-status|status-language|device-areas|format|paging-rules|time|irreversible-commands|apple-models|android-models))\./,
    priority: 6,
  },
  {
    // The device lists' and details' shared modules (they call the API, whose client is in entry-shared). Not what
    // the shell imports (the unread announcements): every signed-in screen would load them.
    name: 'device-common',
    test: /src[\\/]app[\\/](components[\\/]device[\\/](DeviceList|DeviceTable|BulkBar|list-snapshot|offline-search|use-export|blacklist-confirm|navigation|queries|list-search|task-follow|family|use-device-command|DeviceCard|use-recycle|devices)\.|api[\\/]download\.)/,
    priority: 6,
  },
  {
    name: 'components',
    test: /src[\\/]app[\\/]components[\\/](?!PlainButton|PopupForm|FormPopup|popups|form-rules|Notifier|DeviceMoveDialog|FilePicker|device[\\/])/,
    priority: 5,
  },
]
