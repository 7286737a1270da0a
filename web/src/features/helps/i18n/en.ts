import type { HelpsMessages } from './pt-BR';

/** English: the help page and the helps tab. */
export const helpsEn: HelpsMessages = {
  helps: {
    title: 'Help',
    tab: 'Help',
    empty: 'No help videos available.',
    loadFailed: 'Could not load the list of records',
    play: 'Watch: {{title}}',
    noVideo: 'No video',
    player: 'Video: {{title}}',
    addTitle: 'Add help',
    editTitle: 'Edit help: {{title}}',
    formTitle: 'Help',
    fieldTitle: 'Title',
    video: 'Video code',
    videoHint: 'The YouTube code (the v= value of the address).',
    description: 'Description',
    actions: 'Actions',
    search: 'Search...',
    editRow: 'Edit {{title}}',
    deleteRow: 'Delete {{title}}',
    clear: 'Clear',
    save: 'Save',
    saved: 'Operation completed successfully!',
    confirmDeleteTitle: 'Delete {{title}}?',
    confirmDelete: 'Do you really want to delete this record?',
    confirm: 'Delete',
    cancel: 'Cancel',
  },
};
