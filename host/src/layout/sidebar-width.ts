/** The sidebar's width beside the content, and the drawer's on small screens. */
export const SIDEBAR_WIDTH = '16rem';
