/**
 * Reading a form's own fields for a visitor's input: the home page's contact section
 * (./deferred-contact-section.tsx) never draws a new form over it, even over what was typed
 * before the page's code ran, which no event of its code saw.
 */

/**
 * Whether a visitor has typed or chosen anything in `section`'s fields: each compared with
 * what the server wrote (`defaultValue`, `defaultChecked`, an option's `defaultSelected`); a
 * file input counts once it holds a file.
 */
export function hasEdits(section: HTMLElement): boolean {
  return [...section.querySelectorAll("input, textarea, option")].some((field) =>
    field instanceof HTMLOptionElement
      ? field.selected !== field.defaultSelected
      : field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
        ? field.checked !== field.defaultChecked
        : field instanceof HTMLInputElement && field.type === "file"
          ? Boolean(field.files?.length)
          : (field as HTMLInputElement).value !== (field as HTMLInputElement).defaultValue,
  );
}
