// The pakt command line: one CLI11 app with pakt's help layout, to which every command adds its
// own subcommand. A command is one file, <name>_command.cpp, that declares its options struct,
// its CLI11 subcommand (options, help text, footer with exit codes) and what runs when it is the
// command given, in a function it registers:
//
//   void add_check(CommandLine& line) { ... line.command(&line.app, "check", ...) ... }
//   const CommandRegistration kCheck{30, add_check};  // 30: its place in `pakt --help`
//
// main.cpp builds the CommandLine and asks each registered command to add itself. Exit codes: 0 ok,
// 1 bad input or errors found, 2 usage errors (one line naming the problem, the usage line, a hint
// to --help).
#pragma once

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace pakt::cli {

class CommandLine {
 public:
  CommandLine(const std::string& description, const std::string& footer);

  CLI::App app;

  // A subcommand of `parent` (listed under "commands" in its help) with `footer` after its help;
  // `run` returns the exit code when this is the command given (null for godot, photon: they need
  // one of their own subcommands).
  CLI::App* command(CLI::App* parent, const std::string& name, const std::string& description,
                    const std::string& footer, std::function<int()> run);

  // What runs when `command` is the command given, for a run that needs its CLI::App (to print
  // the command's usage with an error found later, as generate does with the back end's).
  void on_run(const CLI::App* command, std::function<int()> run) { runs_.emplace_back(command, std::move(run)); }

  // An options struct that lives as long as the command line: CLI11 writes into it while parsing.
  template <class T>
  T& options() {
    auto owned = std::make_shared<T>();
    T& out = *owned;
    options_.push_back(std::move(owned));
    return out;
  }

  // What CLI11 cannot say, checked after parsing: throws CLI::ValidationError(option, problem).
  void check(std::function<void()> check) { checks_.push_back(std::move(check)); }

  // Parses argv and runs the command given; the exit code.
  int run(int argc, char** argv);

 private:
  std::vector<std::pair<const CLI::App*, std::function<int()>>> runs_;
  std::vector<std::function<void()>> checks_;
  std::vector<std::shared_ptr<void>> options_;
};

// A command adding itself to the command line: `help_order` is its place among the commands of
// `pakt --help` (lowest first).
using AddCommand = void (*)(CommandLine&);
struct CommandRegistration {
  CommandRegistration(int help_order, AddCommand add);
};
// Every registered command, in help order (two with the same order: std::logic_error).
std::vector<AddCommand> registered_commands();

// "<command path>: <problem>" (e.g. "pakt generate: --lang: unknown language 'rust' ..."), the
// command's usage line and a hint to --help, on stderr; returns 2.
int usage_error(const CLI::App& command, const std::string& problem);

// ---------------------------------------------------------------------------------------------
// Options: every option with a value shows `metavar` in help and usage; given twice, the last
// one counts.

CLI::Option* value_option(CLI::App* app, const std::string& names, std::string& target, const std::string& metavar,
                          const std::string& description);
CLI::Option* value_option(CLI::App* app, const std::string& names, std::optional<std::string>& target,
                          const std::string& metavar, const std::string& description);

// "a, b or c"
std::string or_list(const std::vector<std::string>& names);

// Refuses any value but `names`: "unknown <what> 'x' (use a, b or c)".
CLI::Validator one_of(const std::vector<std::string>& names, const std::string& what);

// Refuses an empty value.
extern const CLI::Validator kNonEmpty;

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
void import_dir_option(CLI::App* app, std::vector<std::string>& dirs);

}  // namespace pakt::cli
