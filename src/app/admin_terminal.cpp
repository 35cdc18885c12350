#include "app/admin_terminal.h"

#include <unistd.h>

#include <cstdio>
#include <iostream>

namespace cairn::app {

std::string DescribeForTerminal(const util::Error& error) {
  std::string out = error.message;
  for (const auto& [field, problem] : error.field_errors) {
    out += "\n  " + field + ": " + problem.message;
  }
  for (const auto& issue : error.param_issues) out += "\n  " + issue.message;
  return out;
}

bool ConfirmAtTerminal(const Config& config, const std::string& question) {
  if (config.assume_yes) return true;
  if (!::isatty(STDIN_FILENO)) return false;
  std::fprintf(stderr, "%s [y/N] ", question.c_str());
  std::string answer;
  std::getline(std::cin, answer);
  return answer == "y" || answer == "Y" || answer == "yes";
}

}  // namespace cairn::app
