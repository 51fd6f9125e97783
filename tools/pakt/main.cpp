// pakt — the command-line tool. Its whole command line is declared here, once, with CLI11: every
// command is a subcommand whose options fill the command's options struct (commands.hpp), and
// whose description and footer are its help text. CLI11 parses (options and subcommands in any
// order) and writes --help; main runs the command given. Exit codes: 0 ok, 1 bad input or errors
// found, 2 usage errors (one line naming the problem, the usage line, a hint to --help).
#include <algorithm>
#include <cctype>
#include <cstdio>
#include <exception>
#include <functional>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

#include "commands.hpp"

namespace pakt::cli {
namespace {

// ---------------------------------------------------------------------------------------------
// The help layout: the usage line(s) first, then the description, arguments, options, commands
// and the footer (exit codes). The usage line is made from the declaration, in the classic form:
// `pakt decode --schema SCHEMA.yaml --message NAME [--format FORMAT] [--hex] ...`.

constexpr std::size_t kUsageWidth = 100;  // usage lines wrap before this column

std::string first_line(const std::string& text) { return text.substr(0, text.find('\n')); }

// "pakt godot encode" for the encode subcommand of godot.
std::string command_path(const CLI::App* app) {
  std::string path;
  for (; app != nullptr; app = app->get_parent()) path = app->get_name() + (path.empty() ? "" : " " + path);
  return path;
}

// The options and arguments of one command as usage words: "--schema SCHEMA.yaml", "[--hex]",
// "[-I DIR]...", "SCHEMA.yaml...".
std::vector<std::string> usage_words(const CLI::App* app) {
  std::vector<std::string> words;
  for (const CLI::Option* opt : app->get_options()) {
    if (opt == app->get_help_ptr() || opt->get_positional()) continue;
    std::string word = opt->get_snames().empty() ? "--" + opt->get_lnames().front() : "-" + opt->get_snames().front();
    if (!opt->get_option_text().empty()) word += " " + opt->get_option_text();  // flags have none
    if (!opt->get_required()) word = "[" + word + "]";
    if (opt->get_multi_option_policy() == CLI::MultiOptionPolicy::TakeAll) word += "...";
    words.push_back(word);
  }
  for (const CLI::Option* opt : app->get_options()) {
    if (!opt->get_positional()) continue;
    std::string word = opt->get_name(true, false);
    if (opt->get_items_expected_max() > 1) word += "...";
    words.push_back(opt->get_required() ? word : "[" + word + "]");
  }
  return words;
}

// One usage line, wrapped under its first word.
std::string usage_line(const std::string& lead, const std::string& command, const std::vector<std::string>& words) {
  std::string out = lead + command;
  const std::size_t indent = out.size() + 1;
  std::size_t column = out.size();
  for (const std::string& word : words) {
    if (column + 1 + word.size() > kUsageWidth && column > indent) {
      out += "\n" + std::string(indent - 1, ' ');
      column = indent - 1;
    }
    out += " " + word;
    column += 1 + word.size();
  }
  return out + "\n";
}

class HelpFormatter : public CLI::Formatter {
 public:
  HelpFormatter() {
    column_width(24);
    label("Positionals", "arguments");
  }

  std::string make_usage(const CLI::App* app, std::string name) const override {
    const std::vector<const CLI::App*> subcommands = app->get_subcommands([](const CLI::App*) { return true; });
    if (subcommands.empty()) return usage_line("usage: ", name, usage_words(app));
    if (app->get_parent() == nullptr) return "usage: " + name + " <command> [options]\n";
    // godot, photon: one line per subcommand (each declares the options of its parent too).
    std::string out;
    for (const CLI::App* sub : subcommands) {
      out += usage_line(out.empty() ? "usage: " : "       ", name + " " + sub->get_name(), usage_words(sub));
    }
    return out;
  }

  // "--schema SCHEMA.yaml", "SCHEMA.yaml..." in the lists of options and arguments.
  std::string make_option_opts(const CLI::Option* opt) const override {
    if (opt->get_positional()) return opt->get_items_expected_max() > 1 ? "..." : "";
    return opt->get_option_text().empty() ? "" : " " + opt->get_option_text();
  }

  std::string make_subcommand(const CLI::App* sub) const override {
    std::stringstream out;
    CLI::detail::format_help(out, sub->get_name(), first_line(sub->get_description()), get_column_width());
    return out.str();
  }

  std::string make_help(const CLI::App* app, std::string name, CLI::AppFormatMode mode) const override {
    std::string out = make_usage(app, name);
    if (!app->get_description().empty()) out += "\n" + app->get_description() + "\n";
    out += make_positionals(app);
    out += make_groups(app, mode);
    out += make_subcommands(app, mode);
    // The options a subcommand adds to those of its parent (godot encode --double, ...).
    for (const CLI::App* sub : app->get_subcommands([](const CLI::App*) { return true; })) {
      if (app->get_parent() == nullptr) break;  // pakt --help: the commands, each with its own --help
      const std::vector<const CLI::Option*> own = sub->get_options([app, sub](const CLI::Option* opt) {
        return opt != sub->get_help_ptr() && !opt->get_positional() &&
               app->get_option_no_throw(opt->get_name()) == nullptr;
      });
      if (!own.empty()) out += make_group(sub->get_name() + " options", false, own);
    }
    if (!app->get_footer().empty()) out += "\n" + app->get_footer() + "\n";
    return out;
  }
};

// ---------------------------------------------------------------------------------------------
// Option helpers: every option with a value shows `metavar` in help and usage; given twice, the
// last one counts.

CLI::Option* value_option(CLI::App* app, const std::string& names, std::string& target, const std::string& metavar,
                          const std::string& description) {
  return app->add_option(names, target, description)
      ->option_text(metavar)
      ->type_name(metavar)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

CLI::Option* value_option(CLI::App* app, const std::string& names, std::optional<std::string>& target,
                          const std::string& metavar, const std::string& description) {
  return app->add_option_function<std::string>(names, [&target](const std::string& value) { target = value; },
                                               description)
      ->option_text(metavar)
      ->type_name(metavar)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

// "a, b or c"
std::string or_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return out;
}

// Refuses any value but `names`: "unknown <what> 'x' (use a, b or c)".
CLI::Validator one_of(const std::vector<std::string>& names, const std::string& what) {
  return CLI::Validator(
      [names, what](std::string& value) -> std::string {
        if (std::find(names.begin(), names.end(), value) != names.end()) return {};
        return "unknown " + what + " '" + value + "' (use " + or_list(names) + ")";
      },
      "");
}

const CLI::Validator kNonEmpty(
    [](std::string& value) -> std::string { return value.empty() ? "needs a non-empty value" : ""; }, "");

// An option whose value is one of `choices` (name -> what the options struct holds).
template <class T>
CLI::Option* choice_option(CLI::App* app, const std::string& names, T& target,
                           const std::vector<std::pair<std::string, T>>& choices, const std::string& what,
                           const std::string& metavar, const std::string& description) {
  std::vector<std::string> keys;
  for (const auto& choice : choices) keys.push_back(choice.first);
  return app
      ->add_option_function<std::string>(
          names,
          [&target, choices](const std::string& name) {
            for (const auto& choice : choices) {
              if (choice.first == name) target = choice.second;
            }
          },
          description)
      ->check(one_of(keys, what))
      ->option_text(metavar)
      ->type_name(metavar)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeLast);
}

// -I DIR, -IDIR, --import-dir DIR, --import-dir=DIR; repeatable.
void import_dir_option(CLI::App* app, std::vector<std::string>& dirs) {
  app->add_option("-I,--import-dir", dirs,
                  "also look for imported schemas in DIR (after the importing\nfile's folder); repeatable")
      ->option_text("DIR")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

const std::vector<std::pair<std::string, dynamic::Format>> kAllFormats = {{"compact", dynamic::Format::kCompact},
                                                                          {"mslima", dynamic::Format::kMslima},
                                                                          {"godot4", dynamic::Format::kGodot4},
                                                                          {"godot3", dynamic::Format::kGodot3},
                                                                          {"packed", dynamic::Format::kPacked},
                                                                          {"json", dynamic::Format::kJson}};

constexpr const char* kPayloadExitCodes = "exit codes: 0 ok, 1 bad input (one error line on stderr), 2 usage error";

// ---------------------------------------------------------------------------------------------
// The command line.

struct AllOptions {
  GodotOptions godot;
  PhotonOptions photon;
  CheckOptions check;
  DescribeOptions describe;
  GenerateOptions generate;
  CompatOptions compat;
  EncodeOptions encode;
  DecodeOptions decode;
  InspectOptions inspect;
  SizesOptions sizes;
};

struct CommandLine {
  CLI::App app{"pakt: schema-driven payloads - check, describe and generate code from schemas; encode, decode and\n"
               "inspect messages; Godot Variant and Photon values as typed JSON.",
               "pakt"};
  AllOptions options;
  std::vector<std::pair<const CLI::App*, std::function<int()>>> runs;  // the command to run per subcommand
  std::vector<std::function<void()>> checks;  // after parsing: what CLI11 cannot say (throw ValidationError)

  CommandLine();
  CLI::App* command(CLI::App* parent, const std::string& name, const std::string& description,
                    const std::string& footer, std::function<int()> run);
  void declare_godot();
  void declare_photon();
  void declare_schema_commands();
  void declare_payload_commands();
};

CLI::App* CommandLine::command(CLI::App* parent, const std::string& name, const std::string& description,
                               const std::string& footer, std::function<int()> run) {
  CLI::App* sub = parent->add_subcommand(name, description);
  sub->group("commands");
  sub->get_help_ptr()->group("options");
  sub->footer(footer);
  if (run) runs.emplace_back(sub, std::move(run));
  return sub;
}

CommandLine::CommandLine() {
  app.formatter(std::make_shared<HelpFormatter>());
  app.option_defaults()->group("options");
  app.set_help_flag("-h,--help", "print this help and exit");
  app.require_subcommand(1);
  app.footer("Run 'pakt <command> --help' for a command's options.");
  declare_godot();
  declare_photon();
  declare_schema_commands();
  declare_payload_commands();
}

void CommandLine::declare_godot() {
  GodotOptions& o = options.godot;
  CLI::App* godot = command(&app, "godot",
                            "encode/decode Godot Variant bytes (var_to_bytes) as typed JSON\n"
                            "\n"
                            "Options may come before or after encode / decode.",
                            "exit codes: 0 ok, 1 bad input (\"error: <reason> at offset N\" on stderr), 2 usage error",
                            nullptr);
  godot->require_subcommand(1);
  const auto add_version = [&o](CLI::App* to) {
    choice_option<bool>(to, "--godot", o.godot3, {{"4", false}, {"3", true}}, "Godot version", "4|3",
                        "the engine generation (default 4)");
  };
  add_version(godot);
  CLI::App* encode = command(godot, "encode",
                             "typed JSON on stdin -> its var_to_bytes() encoding as hex on stdout\n"
                             "\n"
                             "Reads one typed JSON value ({\"type\": \"Vector3\", \"value\": {\"x\":1,...}}) on stdin\n"
                             "and prints its var_to_bytes() encoding as hex.",
                             godot->get_footer(), [&o] {
                               o.encode = true;
                               return run_godot(o);
                             });
  add_version(encode);
  encode->add_flag("--double", o.double_precision, "write math types as a precision=double build (Godot 4)");
  encode->add_flag("--full-objects", o.full_objects, "as var_to_bytes_with_objects");
  CLI::App* decode = command(godot, "decode",
                             "hex on stdin -> the typed JSON value on stdout\n"
                             "\n"
                             "Reads hex on stdin (whitespace ignored) and prints the typed JSON value.",
                             godot->get_footer(), [&o] { return run_godot(o); });
  add_version(decode);
  decode->add_flag("--allow-objects", o.allow_objects, "as bytes_to_var_with_objects (full Object payloads)");
  decode->add_flag("--binary", o.binary, "read raw bytes instead of hex");
}

void CommandLine::declare_photon() {
  PhotonOptions& o = options.photon;
  CLI::App* photon = command(
      &app, "photon",
      "decode/encode Photon Protocol 1.6/1.8 values and messages as typed JSON\n"
      "\n"
      "Typed JSON: {\"type\":\"int\",\"value\":42}, Hashtables as lists of [key, value] pairs, byte[] as\n"
      "hex, custom types as {\"type\":\"custom\",\"code\":65,\"bytes\":\"..\"}. decode | encode gives the bytes\n"
      "back (for input in the canonical form Photon's own writers produce). Options may come before\n"
      "or after decode / encode.",
      "exit codes: 0 ok, 1 bad input (\"error: <reason> at offset N\" on stderr), 2 usage error", nullptr);
  photon->require_subcommand(1);
  std::vector<CLI::Option*> format_options;
  const auto add_options = [&o, &format_options](CLI::App* to) {
    choice_option<bool>(to, "--protocol", o.protocol16, {{"16", true}, {"18", false}}, "protocol", "16|18",
                        "GpBinaryV16 or GpBinaryV18 (default 18, PUN2's default)");
    choice_option<PhotonKind>(to, "--kind", o.kind,
                              {{"value", PhotonKind::kValue},
                               {"event", PhotonKind::kEvent},
                               {"request", PhotonKind::kRequest},
                               {"response", PhotonKind::kResponse},
                               {"message", PhotonKind::kMessage}},
                              "kind", "KIND",
                              "value: a typed value (default); event / request / response: a body\n"
                              "without a type code; message: the 0xF3 header, message type and body");
    value_option(to, "--schema", o.schema, "SCHEMA.yaml",
                 "custom types whose code is a schema message's code: decode adds\n"
                 "\"message\" and \"value\" (the body as that message's JSON) next to \"bytes\";\n"
                 "encode takes \"value\" instead of \"bytes\" (the value wins when both are given)");
    format_options.push_back(choice_option<dynamic::Format>(
        to, "--format", o.format, {{"mslima", dynamic::Format::kMslima}, {"compact", dynamic::Format::kCompact}},
        "format", "FORMAT",
        "the bodies' format with --schema: mslima (default: Unity's MSLIMA\nPhotonSerializer) or compact"));
  };
  add_options(photon);
  CLI::App* decode = command(photon, "decode", "hex on stdin -> typed JSON on stdout", photon->get_footer(),
                             [&o] { return run_photon(o); });
  add_options(decode);
  CLI::App* encode = command(photon, "encode", "typed JSON on stdin -> the bytes as hex on stdout",
                             photon->get_footer(), [&o] {
                               o.encode = true;
                               return run_photon(o);
                             });
  add_options(encode);
  checks.emplace_back([&o, format_options] {
    const bool format_given = std::any_of(format_options.begin(), format_options.end(),
                                          [](const CLI::Option* opt) { return opt->count() != 0; });
    if (format_given && !o.schema) throw CLI::ValidationError("--format", "applies with --schema only");
  });
}

void CommandLine::declare_schema_commands() {
  CheckOptions& check = options.check;
  CLI::App* check_app = command(&app, "check",
                                "validate schemas (every error, with its file:line:col)\n"
                                "\n"
                                "Validates the schemas (and what they import). Every\n"
                                "error is printed as 'file:line:col: error: message', then the number of errors.",
                                "exit codes: 0 valid, 1 errors found, 2 usage error",
                                [&check] { return run_check(check); });
  import_dir_option(check_app, check.import_dirs);
  check_app->add_option("SCHEMA.yaml", check.schemas, "the schemas to check")->required();

  DescribeOptions& describe = options.describe;
  CLI::App* describe_app = command(
      &app, "describe",
      "the schema descriptor (JSON) that code generator back ends read\n"
      "\n"
      "Loads and validates the schemas (and what they import) and prints their descriptor: versioned\n"
      "JSON with every file, enum, message, field, default and example, and the facts back ends need\n"
      "(wire sizes, wire shape and fingerprint, version boundaries); see docs/descriptor.md.\n"
      "Schema errors are printed as by 'pakt check'.",
      "exit codes: 0 described, 1 schema errors, 2 usage error", [&describe] { return run_describe(describe); });
  import_dir_option(describe_app, describe.import_dirs);
  describe_app->add_option("SCHEMA.yaml", describe.schemas, "the schemas to describe")->required();

  GenerateOptions& generate = options.generate;
  CLI::App* generate_app = command(
      &app, "generate",
      "generate code from schemas: the front end, then a language's back end\n"
      "\n"
      "Loads and validates the schemas (errors are printed as by 'pakt check'), then runs the\n"
      "language's back end on their descriptor (see 'pakt describe'), which writes the code to DIR:\n"
      "cpp: DIR/<stem>.pakt.h and DIR/<stem>.pakt.cpp per schema; csharp: DIR/<stem>.pakt.cs per schema\n"
      "and DIR/Pakt.Runtime.cs; gdscript: DIR/<stem>.pakt.gd per schema and DIR/pakt_runtime.gd.\n"
      "Unchanged files are not rewritten.\n"
      "The back end is found in $PAKT_GENERATOR_DIR, else next to the installed pakt\n"
      "(../share/pakt/generator), else in the source tree pakt was built from.",
      "exit codes: 0 generated, 1 schema errors or no back end, 2 usage error, else the back end's own",
      [&generate] { return run_generate(generate); });
  value_option(generate_app, "--lang", generate.lang, "LANG", "the back end: " + or_list(generate_languages()))
      ->required()
      ->check(one_of(generate_languages(), "language"));
  value_option(generate_app, "--out", generate.out, "DIR", "the folder to write the generated files to")
      ->required()
      ->check(kNonEmpty);
  value_option(generate_app, "--formats", generate.formats, "LIST",
               "comma-separated codecs to emit (default: all): compact, mslima,\n"
               "godot (or godot4, godot3: the one Godot codec, which carries both\n"
               "generations), json, packed")
      ->transform(CLI::Validator(
          [](std::string& value) -> std::string {
            std::string back_end_list, error;
            if (!generate_formats_for_back_end(value, back_end_list, error)) return error;
            value = back_end_list;
            return {};
          },
          ""));
  value_option(generate_app, "--godot", generate.godot, "4|3",
               "gdscript: the Godot generation whose syntax to write (default: 4)")
      ->check(CLI::IsMember({"4", "3"}));
  import_dir_option(generate_app, generate.import_dirs);
  value_option(generate_app, "--depfile", generate.depfile, "FILE",
               "write a Makefile-style depfile: the first output depends on every schema")
      ->check(kNonEmpty);
  value_option(generate_app, "--python", generate.python, "PATH",
               "the Python 3 that runs the back end (default: python3)")
      ->check(kNonEmpty);
  CLI::Option* unity_package =
      value_option(generate_app, "--unity-package", generate.unity_package, "NAME[@VERSION]",
                   "csharp: the output folder is also a Unity package NAME (like\n"
                   "com.company.game-messages; NAME@1.2.0 sets its version):\n"
                   "package.json, NAME.asmdef and .meta files")
          ->check(CLI::Validator([](std::string& value) { return unity_package_problem(value); }, ""));
  checks.emplace_back([&generate, unity_package] {
    if (unity_package->count() != 0 && generate.lang != "csharp") {
      throw CLI::ValidationError("--unity-package", "applies with --lang csharp only");
    }
  });
  generate_app->add_option("SCHEMA.yaml", generate.schemas, "the schemas to generate code for")->required();

  CompatOptions& compat = options.compat;
  CLI::App* compat_app = command(
      &app, "compat",
      "list the changes from an old schema to a new one that break old peers\n"
      "\n"
      "Lists every change from OLD to NEW (and the schemas they import) that breaks peers still on\n"
      "OLD: a type, limit, code or enum value changed, a field removed, renamed, reordered or inserted\n"
      "before the end, an appended field whose since: is not above OLD's version, a final message\n"
      "changed. Each is printed as 'new.yaml:line:col: error: ...' and 'old.yaml:line:col: note:\n"
      "previous version'.",
      "exit codes: 0 compatible, 1 incompatible, 2 a schema has errors or usage error",
      [&compat] { return run_compat(compat); });
  compat_app->add_option("OLD.yaml", compat.old_schema, "the schema peers still use")->required();
  compat_app->add_option("NEW.yaml", compat.new_schema, "the changed schema")->required();
}

void CommandLine::declare_payload_commands() {
  // --schema, --message and --format of encode, decode and inspect.
  const auto add_message_options = [](CLI::App* to, std::string& schema, std::string& message, dynamic::Format& format,
                                       const std::vector<std::pair<std::string, dynamic::Format>>& formats,
                                       const std::string& format_help) {
    value_option(to, "--schema", schema, "SCHEMA.yaml", "the schema that declares the message")->required();
    value_option(to, "--message", message, "NAME", "the message")->required();
    choice_option(to, "--format", format, formats, "format", "FORMAT", format_help);
  };
  // --baseline FILE of encode, decode and inspect: packed deltas (docs/packed.md "Delta").
  const auto add_baseline_option = [this](CLI::App* to, std::optional<std::string>& baseline,
                                          const dynamic::Format& format, const std::string& what) {
    CLI::Option* option = value_option(to, "--baseline", baseline, "FILE",
                                       "packed, a message with delta: true: " + what +
                                           "\n(a JSON value of the message, as encode reads)");
    checks.emplace_back([option, &format] {
      if (option->count() != 0 && format != dynamic::Format::kPacked) {
        throw CLI::ValidationError("--baseline", "applies with --format packed only");
      }
    });
  };

  EncodeOptions& encode = options.encode;
  CLI::App* encode_app = command(
      &app, "encode",
      "JSON -> a message in compact, mslima, godot4, godot3, packed or json\n"
      "\n"
      "Reads one JSON object (the message's fields by name; missing fields take their defaults)\n"
      "on stdin and writes the encoded message on stdout. Floats also accept \"NaN\", \"Infinity\"\n"
      "and \"-Infinity\"; enums their value names.",
      kPayloadExitCodes, [&encode] { return run_encode(encode); });
  add_message_options(encode_app, encode.schema, encode.message, encode.format, kAllFormats,
                      "compact (default), mslima, godot4, godot3, packed or json (unity style)");
  encode_app->add_flag("--hex", encode.hex, "write lowercase hex and a newline instead of raw bytes");
  add_baseline_option(encode_app, encode.baseline, encode.format, "write the delta against FILE");

  DecodeOptions& decode = options.decode;
  CLI::App* decode_app = command(
      &app, "decode",
      "a message in any format -> JSON; errors name the offset and field\n"
      "\n"
      "Reads one encoded message on stdin and prints it as JSON. Errors name the byte offset and\n"
      "the field path: 'offset 9: Player.name: truncated string ...'.",
      kPayloadExitCodes, [&decode] { return run_decode(decode); });
  add_message_options(decode_app, decode.schema, decode.message, decode.format, kAllFormats,
                      "compact (default), mslima, godot4, godot3, packed or json");
  add_baseline_option(decode_app, decode.baseline, decode.format, "the payload is a delta against FILE");
  decode_app->add_flag("--hex", decode.hex, "stdin is hex text (whitespace ignored) instead of raw bytes");
  decode_app->add_flag("--partial", decode.partial,
                       "on an error, also print the fields decoded before it (compact, mslima, packed)");
  choice_option<JsonStyle>(decode_app, "--style", decode.style,
                           {{"shortest", JsonStyle::kShortest}, {"unity", JsonStyle::kUnity}}, "style", "STYLE",
                           "JSON floats: shortest (default) or unity (JsonUtility's 17 digits)");

  InspectOptions& inspect = options.inspect;
  CLI::App* inspect_app = command(
      &app, "inspect",
      "annotated hex dump of a message: offset, bytes, field path, value\n"
      "\n"
      "Reads one encoded message on stdin and prints one line per field value:\n"
      "  offset  bytes (hex)  field path = value\n"
      "Lengths, counts and presence bytes get lines of their own. On a decode error the lines\n"
      "decoded so far are printed, then the error. Godot payloads get one line per field (its\n"
      "Dictionary key and value). Packed payloads get bit offsets and bit counts instead:\n"
      "  bit OFFSET+BITS  field path = value\n"
      "and with --baseline each field's changed bit on a line of its own.",
      kPayloadExitCodes, [&inspect] { return run_inspect(inspect); });
  add_message_options(inspect_app, inspect.schema, inspect.message, inspect.format,
                      {kAllFormats.begin(), kAllFormats.end() - 1},  // binary payloads: not json
                      "compact (default), mslima, godot4, godot3 or packed");
  inspect_app->add_flag("--hex", inspect.hex, "stdin is hex text (whitespace ignored) instead of raw bytes");
  add_baseline_option(inspect_app, inspect.baseline, inspect.format, "the payload is a delta against FILE");

  SizesOptions& sizes = options.sizes;
  CLI::App* sizes_app = command(
      &app, "sizes",
      "bytes of each message example in every encoding (table, JSON, SVG)\n"
      "\n"
      "For each message with an example: (or just NAME), the bytes of its example in compact,\n"
      "mslima, packed, godot4 Dictionary, godot4 Array, JSON unity, JSON shortest, CBOR and MessagePack\n"
      "(of the unity JSON document), the theoretical size (.NET Marshal.SizeOf of the struct), and\n"
      ".NET BinaryFormatter's bytes: the C# back end's classes compiled with mcs into an assembly named\n"
      "Assembly-CSharp and run under mono (n/a when mono is not installed).",
      kPayloadExitCodes, [&sizes] { return run_sizes(sizes); });
  value_option(sizes_app, "--schema", sizes.schema, "SCHEMA.yaml", "the schema")->required();
  value_option(sizes_app, "--message", sizes.message, "NAME", "only this message");
  sizes_app->add_flag("--json", sizes.json, "print the table as JSON");
  value_option(sizes_app, "--svg", sizes.svg, "FILE", "also draw it as a grouped bar chart");
  sizes_app->add_flag("--no-mono", sizes.no_mono, "leave out the BinaryFormatter column (does not run mcs and mono)");
}

// The command given: the deepest subcommand parsed so far.
const CLI::App* selected_command(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return at;
}

// "pakt decode: --schema is required", the usage line and a hint to --help; exit code 2.
int usage_error(const CLI::App& app, const std::string& problem) {
  const CLI::App* at = selected_command(app);
  std::string message = problem;
  if (message.size() > 1 && std::isupper(static_cast<unsigned char>(message[0])) &&
      (std::islower(static_cast<unsigned char>(message[1])) || message[1] == ' ')) {
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  }
  const std::string path = command_path(at);
  std::cerr << path << ": " << message << "\n"
            << HelpFormatter().make_usage(at, path) << "Run '" << path << " --help' for more information.\n";
  return 2;
}

int run(int argc, char** argv) {
  CommandLine line;
  try {
    line.app.parse(argc, argv);
    for (const auto& check : line.checks) check();
  } catch (const CLI::CallForHelp&) {
    std::cout << line.app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << line.app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::ParseError& e) {
    if (selected_command(line.app) == &line.app && argc > 1 && argv[1][0] != '-') {
      return usage_error(line.app, "unknown command '" + std::string(argv[1]) + "'");
    }
    return usage_error(line.app, e.what());
  }
  const CLI::App* chosen = selected_command(line.app);
  for (const auto& [command, run_command] : line.runs) {
    if (command == chosen) return run_command();
  }
  return usage_error(line.app, "missing command");  // unreachable: every leaf command has a run
}

}  // namespace
}  // namespace pakt::cli

int main(int argc, char** argv) {
  try {
    return pakt::cli::run(argc, argv);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pakt: error: %s\n", e.what());
    return 1;
  }
}
