#include "command_line.hpp"

#include <algorithm>
#include <cctype>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "pakt/version.hpp"

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

// The command given: the deepest subcommand parsed so far.
const CLI::App* selected_command(const CLI::App& app) {
  const CLI::App* at = &app;
  while (!at->get_subcommands().empty()) at = at->get_subcommands().front();
  return at;
}

std::vector<std::pair<int, AddCommand>>& registry() {
  static std::vector<std::pair<int, AddCommand>> commands;
  return commands;
}

}  // namespace

CommandRegistration::CommandRegistration(int help_order, AddCommand add) { registry().emplace_back(help_order, add); }

std::vector<AddCommand> registered_commands() {
  std::vector<std::pair<int, AddCommand>> sorted = registry();
  std::sort(sorted.begin(), sorted.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<AddCommand> out;
  for (std::size_t i = 0; i < sorted.size(); ++i) {
    if (i > 0 && sorted[i].first == sorted[i - 1].first) {
      throw std::logic_error("two commands registered with help order " + std::to_string(sorted[i].first));
    }
    out.push_back(sorted[i].second);
  }
  return out;
}

CommandLine::CommandLine(const std::string& description, const std::string& footer) : app(description, "pakt") {
  app.formatter(std::make_shared<HelpFormatter>());
  app.option_defaults()->group("options");
  app.set_help_flag("-h,--help", "print this help and exit");
  app.set_version_flag("--version",
                       "pakt " + std::to_string(kVersionMajor) + "." + std::to_string(kVersionMinor) + "." +
                           std::to_string(kVersionPatch),
                       "print pakt's version and exit");
  app.require_subcommand(1);
  app.footer(footer);
}

CLI::App* CommandLine::command(CLI::App* parent, const std::string& name, const std::string& description,
                               const std::string& footer, std::function<int()> run) {
  CLI::App* sub = parent->add_subcommand(name, description);
  sub->group("commands");
  sub->get_help_ptr()->group("options");
  sub->footer(footer);
  if (run) on_run(sub, std::move(run));
  return sub;
}

int CommandLine::run(int argc, char** argv) {
  try {
    app.parse(argc, argv);
    for (const auto& check : checks_) check();
  } catch (const CLI::CallForHelp&) {
    std::cout << app.help();
    return 0;
  } catch (const CLI::CallForAllHelp&) {
    std::cout << app.help("", CLI::AppFormatMode::All);
    return 0;
  } catch (const CLI::CallForVersion& version) {
    std::cout << version.what() << "\n";
    return 0;
  } catch (const CLI::ParseError& e) {
    if (selected_command(app) == &app && argc > 1 && argv[1][0] != '-') {
      return usage_error(app, "unknown command '" + std::string(argv[1]) + "'");
    }
    return usage_error(*selected_command(app), e.what());
  }
  const CLI::App* chosen = selected_command(app);
  for (const auto& [command, run_command] : runs_) {
    if (command == chosen) return run_command();
  }
  return usage_error(app, "missing command");  // unreachable: every leaf command has a run
}

int usage_error(const CLI::App& command, const std::string& problem) {
  std::string message = problem;
  if (message.size() > 1 && std::isupper(static_cast<unsigned char>(message[0])) &&
      (std::islower(static_cast<unsigned char>(message[1])) || message[1] == ' ')) {
    message[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(message[0])));
  }
  const std::string path = command_path(&command);
  std::cerr << path << ": " << message << "\n"
            << HelpFormatter().make_usage(&command, path) << "Run '" << path << " --help' for more information.\n";
  return 2;
}

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

std::string or_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == names.size() ? " or " : ", ") + names[i];
  }
  return out;
}

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

void import_dir_option(CLI::App* app, std::vector<std::string>& dirs) {
  app->add_option("-I,--import-dir", dirs,
                  "also look for imported schemas in DIR (after the importing\nfile's folder); repeatable")
      ->option_text("DIR")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->multi_option_policy(CLI::MultiOptionPolicy::TakeAll);
}

}  // namespace pakt::cli
