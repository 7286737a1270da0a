import type { HelpsMessages } from './pt-BR';

/** Español: the help page and the helps tab. */
export const helpsEs: HelpsMessages = {
  helps: {
    title: 'Ayuda',
    tab: 'Ayuda',
    empty: 'No hay videos de ayuda disponibles.',
    loadFailed: 'No fue posible cargar la lista de registros',
    play: 'Ver: {{title}}',
    noVideo: 'Sin video',
    player: 'Video: {{title}}',
    addTitle: 'Agregar ayuda',
    editTitle: 'Editar ayuda: {{title}}',
    formTitle: 'Ayuda',
    fieldTitle: 'Título',
    video: 'Código del video',
    videoHint: 'El código de YouTube (el valor de v= en la dirección).',
    description: 'Descripción',
    actions: 'Acciones',
    search: 'Buscar...',
    editRow: 'Editar {{title}}',
    deleteRow: 'Eliminar {{title}}',
    clear: 'Limpiar',
    save: 'Guardar',
    saved: '¡Operación realizada con éxito!',
    confirmDeleteTitle: '¿Eliminar {{title}}?',
    confirmDelete: '¿Realmente desea eliminar este registro?',
    confirm: 'Eliminar',
    cancel: 'Cancelar',
  },
};
