/** The id of the language switcher's list, named by its button's aria-controls. */
export const MENU_ID = "lang-menu";
