// A game's options as form fields (from its option schema), and reading them back.
import {h} from "/static/kit/dom.js";

/** The fields of a game's options: the rulebook's variants, then the advanced ones folded away. The
 * teacher-only ones (scripted decks and dice: the server refuses them without the teacher's key) are
 * offered on the teacher's page only. */
export function optionsForm(schema, {teacher = false} = {}) {
  const all = Object.entries(schema);
  const entries = all.filter(([, spec]) => teacher || !spec.teacher_only);
  const variants = entries.filter(([, spec]) => !spec.advanced);
  const advanced = entries.filter(([, spec]) => spec.advanced);
  const kept = entries.length < all.length
    ? h("p", {class: "help-text"}, "Scripted decks and dice are set on the teacher's page.") : null;
  return [
    variants.length ? variants.map(([name, spec]) => optionField(name, spec)) : h("p", {class: "muted"}, "This game has no variants."),
    advanced.length ? h("details", {class: "options advanced"}, h("summary", {}, "Advanced: demonstrations and the lab"),
      h("div", {class: "form-grid"}, advanced.map(([name, spec]) => optionField(name, spec))), kept) : null];
}

function optionField(name, spec) {
  const id = `opt-${name}`;
  const label = spec.label || name.replaceAll("_", " ").replace(/^./, (c) => c.toUpperCase());
  const help = h("span", {class: "help-text", id: `${id}-help`}, spec.help || "");
  const common = {id, name, "aria-describedby": `${id}-help`, dataset: {option: name, type: spec.type}};
  if (spec.type === "bool") {
    const box = h("input", {...common, type: "checkbox"});
    box.checked = Boolean(spec.default);
    return h("div", {class: "field check"}, box, h("label", {for: id}, label, help));
  }
  let input;
  if (spec.type === "choice") {
    input = h("select", common, spec.choices.map((c) => h("option", {value: c}, String(c))));
    input.value = spec.default;
  } else if (spec.type === "int") {
    input = h("input", {...common, type: "number", min: spec.min, max: spec.max, step: 1, value: spec.default});
  } else {
    input = h("input", {...common, type: "text", placeholder: "names or ids, separated by commas",
      value: Array.isArray(spec.default) ? spec.default.join(",") : spec.default ?? ""});
  }
  return h("div", {class: "field"}, h("label", {for: id}, label), input, help);
}

/** The options a form sets away from their defaults. */
export function readOptions(root, schema) {
  const options = {};
  for (const el of root.querySelectorAll("[data-option]")) {
    const spec = schema[el.dataset.option];
    let value;
    if (spec.type === "bool") value = el.checked;
    else if (spec.type === "int") value = Number(el.value);
    else if (spec.type === "list") value = el.value.split(",").map((x) => x.trim()).filter(Boolean);
    else value = el.value;
    if (JSON.stringify(value) !== JSON.stringify(spec.default)) options[el.dataset.option] = value;
  }
  return options;
}

