# -*- coding: utf-8 -*-

################################################################################
## Form generated from reading UI file 'new_encounter.ui'
##
##
## WARNING! All changes made in this file will be lost when recompiling UI file!
################################################################################

from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QCheckBox, QComboBox,
    QDialog, QDialogButtonBox, QFormLayout, QGridLayout,
    QGroupBox, QLabel, QLineEdit, QSizePolicy,
    QSpinBox, QVBoxLayout, QWidget)

class Ui_NewEncounter(object):
    def setupUi(self, NewEncounter) -> None:
        if not NewEncounter.objectName():
            NewEncounter.setObjectName(u"NewEncounter")
        self.layout = QVBoxLayout(NewEncounter)
        self.layout.setObjectName(u"layout")
        self.form = QFormLayout()
        self.form.setObjectName(u"form")
        self.name_label = QLabel(NewEncounter)
        self.name_label.setObjectName(u"name_label")

        self.form.setWidget(0, QFormLayout.ItemRole.LabelRole, self.name_label)

        self.name_edit = QLineEdit(NewEncounter)
        self.name_edit.setObjectName(u"name_edit")

        self.form.setWidget(0, QFormLayout.ItemRole.FieldRole, self.name_edit)

        self.edition_label = QLabel(NewEncounter)
        self.edition_label.setObjectName(u"edition_label")

        self.form.setWidget(1, QFormLayout.ItemRole.LabelRole, self.edition_label)

        self.edition_combo = QComboBox(NewEncounter)
        self.edition_combo.addItem("")
        self.edition_combo.addItem("")
        self.edition_combo.setObjectName(u"edition_combo")

        self.form.setWidget(1, QFormLayout.ItemRole.FieldRole, self.edition_combo)

        self.fumble_label = QLabel(NewEncounter)
        self.fumble_label.setObjectName(u"fumble_label")

        self.form.setWidget(2, QFormLayout.ItemRole.LabelRole, self.fumble_label)

        self.classic_fumble_chance = QSpinBox(NewEncounter)
        self.classic_fumble_chance.setObjectName(u"classic_fumble_chance")
        self.classic_fumble_chance.setMaximum(20)
        self.classic_fumble_chance.setValue(3)

        self.form.setWidget(2, QFormLayout.ItemRole.FieldRole, self.classic_fumble_chance)

        self.v08_old_penalties = QCheckBox(NewEncounter)
        self.v08_old_penalties.setObjectName(u"v08_old_penalties")

        self.form.setWidget(3, QFormLayout.ItemRole.FieldRole, self.v08_old_penalties)

        self.classic_survival_penalties = QCheckBox(NewEncounter)
        self.classic_survival_penalties.setObjectName(u"classic_survival_penalties")

        self.form.setWidget(4, QFormLayout.ItemRole.FieldRole, self.classic_survival_penalties)

        self.classic_minor_drop = QCheckBox(NewEncounter)
        self.classic_minor_drop.setObjectName(u"classic_minor_drop")

        self.form.setWidget(5, QFormLayout.ItemRole.FieldRole, self.classic_minor_drop)


        self.layout.addLayout(self.form)

        self.rules = QGroupBox(NewEncounter)
        self.rules.setObjectName(u"rules")
        self.rules_grid = QGridLayout(self.rules)
        self.rules_grid.setObjectName(u"rules_grid")

        self.layout.addWidget(self.rules)

        self.buttons = QDialogButtonBox(NewEncounter)
        self.buttons.setObjectName(u"buttons")
        self.buttons.setStandardButtons(QDialogButtonBox.StandardButton.Cancel|QDialogButtonBox.StandardButton.Ok)

        self.layout.addWidget(self.buttons)

#if QT_CONFIG(shortcut)
        self.name_label.setBuddy(self.name_edit)
        self.edition_label.setBuddy(self.edition_combo)
        self.fumble_label.setBuddy(self.classic_fumble_chance)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(NewEncounter)
    # setupUi

    def retranslateUi(self, NewEncounter) -> None:
        NewEncounter.setWindowTitle(QCoreApplication.translate("NewEncounter", u"New encounter", None))
        self.name_label.setText(QCoreApplication.translate("NewEncounter", u"&Name:", None))
        self.name_edit.setText(QCoreApplication.translate("NewEncounter", u"New encounter", None))
        self.edition_label.setText(QCoreApplication.translate("NewEncounter", u"&Edition:", None))
        self.edition_combo.setItemText(0, QCoreApplication.translate("NewEncounter", u"classic (2d10!, skills in percent)", None))
        self.edition_combo.setItemText(1, QCoreApplication.translate("NewEncounter", u"0.8 (d20, skill levels)", None))

        self.fumble_label.setText(QCoreApplication.translate("NewEncounter", u"&Fumble chance:", None))
#if QT_CONFIG(tooltip)
        self.classic_fumble_chance.setToolTip(QCoreApplication.translate("NewEncounter", u"Classic fumble chance: 3, or 4-5 in poor conditions (Rules reference \u00a71.1)", None))
#endif // QT_CONFIG(tooltip)
        self.v08_old_penalties.setText(QCoreApplication.translate("NewEncounter", u"Older wound penalties (\u22125, \u221210, \u221215, \u221225)", None))
        self.classic_survival_penalties.setText(QCoreApplication.translate("NewEncounter", u"Wound penalties apply to Critical, Fatal and dying rolls", None))
        self.classic_minor_drop.setText(QCoreApplication.translate("NewEncounter", u"Unimportant NPCs drop at Critical (Rules reference \u00a71.6)", None))
        self.rules.setTitle(QCoreApplication.translate("NewEncounter", u"Optional rules (stored with the encounter)", None))
    # retranslateUi

